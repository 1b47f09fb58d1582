import EmuData
import EmuRouting
import LCWire

/// A sub-request's response, read back the way a batch reports it.
struct SubResponse {
    let response: APIResponse
    /// The body as JSON; nil when it is not JSON.
    let json: JSON?

    init(_ response: APIResponse) {
        self.response = response
        json = try? JSONParser.parse(response.body)
    }

    var isSuccess: Bool { (200..<300).contains(response.status) }

    /// The batch item (spec §4.1): `{"success":<body>}` or `{"error":{"code":N,"error":"…"}}`.
    var item: JSON {
        isSuccess ? ["success": json ?? .object(JSONObject())] : ["error": error]
    }

    /// `{"code","error"}` from the body; a body without them (never sent by our handlers) is
    /// described by its status, so the item keeps its documented shape.
    var error: JSON {
        if let code = json?[LCWireKey.code]?.intValue {
            return [LCWireKey.code: .number(Double(code)),
                    LCWireKey.error: json?[LCWireKey.error] ?? .string("")]
        }
        return [LCWireKey.code: .number(Double(response.status)),
                LCWireKey.error: .string("The sub-request failed with HTTP status \(response.status).")]
    }
}
