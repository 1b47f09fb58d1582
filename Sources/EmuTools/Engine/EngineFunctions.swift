import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/1.1/functions/<name>` and `/1.1/call/<name>` of a function the engine defines: forwarded
/// with the caller's session, answered with the engine's own status and body (docs/cloud-code.md).
enum EngineFunctions {
    static func forward(_ request: RequestContext<AppRuntime>, name: String, rpc: Bool, engine: any CloudEngine) throws -> APIResponse {
        let body = request.http.body.isEmpty ? Array("{}".utf8) : request.http.body
        let path = (rpc ? "/1.1/call/" : "/1.1/functions/") + name
        let answer = try engine.post(path, body: body, caller: request.engineCaller, kind: .function)
        guard answer.json != nil else {
            throw APIError(.engineUnreachable(engine.url, "it answered \(answer.status) without JSON"))
        }
        return APIResponse(status: answer.status, serializedJSON: answer.body)
    }
}
