import LCWire

/// Cloud functions (LeanEngine, spec §8.3), as the LeanCloud SDKs call them. Against LCEmu they
/// answer what the test stubbed (docs/functions.md); against LeanCloud, what the function returns.
public enum LCEngine {
    /// `POST /1.1/functions/<name>` with plain JSON parameters: the function's `result`.
    /// A thrown error keeps the function's code and message (`LCError`).
    public static func run(_ name: String, parameters: JSONObject = [:], in app: LCApplication,
                           options: LCRequestOptions = .default) async throws -> JSON {
        let answer = try await app.request("POST", "/1.1/functions/" + LCQueryEncoding.encode(name),
                                           body: .object(parameters), options: options)
        return answer["result"] ?? .null
    }

    /// `POST /1.1/call/<name>` (RPC): parameters may hold typed values (dates, pointers, objects:
    /// pass their `LCValue.json`), and the result comes back with its types recognised.
    public static func call(_ name: String, parameters: JSONObject = [:], in app: LCApplication,
                            options: LCRequestOptions = .default) async throws -> LCValue {
        let answer = try await app.request("POST", "/1.1/call/" + LCQueryEncoding.encode(name),
                                           body: .object(parameters), options: options)
        return LCValue(json: answer["result"] ?? .null)
    }
}
