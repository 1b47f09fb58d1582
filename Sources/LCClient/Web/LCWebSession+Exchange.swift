import Foundation
import LCWire

extension LCWebSession {
    /// One HTTP exchange with the session's cookies and CSRF header; stores the new cookies.
    func exchange(_ method: String, _ path: String, form: [(String, String)]?) async throws -> LCHTTPResponse {
        guard let url = URL(string: path, relativeTo: baseURL)?.absoluteURL else {
            throw LCWebError(code: -1, text: "Bad path \(path)")
        }
        var request = LCHTTPRequest(method: method, url: url, headers: ["Accept": "application/json"])
        if let appId { request.headers[LCHeaderName.id] = appId }
        if let cookie = cookies.header { request.headers["Cookie"] = cookie }
        if method != "GET", let xsrf = cookies["XSRF-TOKEN"] { request.headers[LCHeaderName.xsrfToken] = xsrf }
        if let form {
            request.body = LCFormEncoding.encode(form)
            request.headers["Content-Type"] = LCFormEncoding.contentType
        }
        try Task.checkCancellation()
        let response = try await transport.send(request)
        cookies.store(from: response)
        return response
    }

    /// `data` of a success envelope, or the envelope's error.
    static func unwrap(_ response: LCHTTPResponse) throws -> JSON {
        guard let json = try? JSONParser.parse([UInt8](response.body)), let code = json["code"]?.intValue else {
            throw LCWebError(code: -1, text: "Not an /api envelope (HTTP \(response.status)).", httpStatus: response.status)
        }
        guard code == 0 else {
            let message = json["msg"]?.objectValue?.first(where: { _ in true })
            throw LCWebError(code: code, key: message?.key, text: message?.value.stringValue, httpStatus: response.status)
        }
        return json["data"] ?? .null
    }
}
