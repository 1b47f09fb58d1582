import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// The promise every response keeps: no 500, and a rejection in its family's error format.
enum ResponseShape {
    /// Records an issue naming `context` when `response` breaks the promise for `sample`.
    static func check(_ response: TestClient.Response, _ sample: RouteSample, _ context: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let where_ = "\(sample) [\(context)] → \(response.status) \(response.text.prefix(300))"
        #expect(response.status != 500, "500: \(where_)", sourceLocation: sourceLocation)
        #expect((200..<600).contains(response.status), "odd status: \(where_)", sourceLocation: sourceLocation)
        guard let problem = problem(response, sample.family) else { return }
        Issue.record("\(problem): \(where_)", sourceLocation: sourceLocation)
    }

    /// What is wrong with the body, or nil.
    static func problem(_ response: TestClient.Response, _ family: RouteSample.Family) -> String? {
        let isError = !(200..<300).contains(response.status)
        switch family {
        case .api, .admin:
            return isError ? apiError(response) : nil
        case .files:
            // File bytes on success; the API format on a refusal.
            return isError ? apiError(response) : nil
        case .authPages:
            // Human pages: HTML for a bad link or blank password, the API format for an unknown app.
            if !isError { return nil }
            if response.headers["Content-Type"]?.hasPrefix("text/html") == true { return nil }
            return apiError(response)
        case .webLogin:
            // `{"code":0,"data":…}` or `{"code":N,"msg":{…}}` with 200; the API format otherwise.
            if isError { return apiError(response) }
            guard response.headers["Content-Type"]?.contains("json") == true else { return nil }
            guard let object = response.json?.objectValue, let code = object["code"]?.intValue else {
                return "not the /api envelope"
            }
            if code == 0 { return object["data"] == nil ? "success without data" : nil }
            return object["msg"]?.objectValue == nil || object.count != 2 ? "not {code,msg}" : nil
        case .oauth:
            guard isError else { return nil }
            guard let object = response.json?.objectValue, object["error"]?.stringValue != nil else {
                return apiError(response).map { "neither RFC 6749 nor API format (\($0))" }
            }
            // RFC 6749 §5.2: `error` plus an optional description; or the API format (unknown app).
            if object["code"] != nil { return apiError(response) }
            return object.count <= 3 ? nil : "RFC 6749 body has extra members"
        }
    }

    /// Nil when the body is exactly `{"code":<integer>,"error":"<text>"}`.
    static func apiError(_ response: TestClient.Response) -> String? {
        guard let object = response.json?.objectValue else { return "error body is not a JSON object" }
        guard object.count == 2, let code = object["code"]?.doubleValue, code == code.rounded(),
              let error = object["error"]?.stringValue, !error.isEmpty else {
            return "error body is not {code,error}"
        }
        return nil
    }
}
