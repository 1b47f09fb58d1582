import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/1.1/functions/<name>` and `/1.1/call/<name>` of a function the engine defines: forwarded
/// with the caller's session, answered with the engine's own status and body (docs/cloud-code.md).
enum EngineFunctions {
    static func forward(_ request: RequestContext<AppRuntime>, name: String, rpc: Bool, engine: any CloudEngine) throws -> APIResponse {
        let body = request.http.body.isEmpty ? Array("{}".utf8) : request.http.body
        let path = (rpc ? "/1.1/call/" : "/1.1/functions/") + percentEncoded(name)
        let answer = try engine.post(path, body: body, caller: request.engineCaller, kind: .function)
        guard answer.json != nil else {
            throw APIError(.engineUnreachable(engine.url, "it answered \(answer.status) without JSON"))
        }
        return APIResponse(status: answer.status, serializedJSON: answer.body)
    }

    /// A function name as one path segment: only the unreserved characters stay as they are, so
    /// no name can break the request line LCEmu sends (the engine decodes it back).
    static func percentEncoded(_ name: String) -> String {
        var encoded = ""
        for byte in name.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            encoded += unreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }
        return encoded
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
