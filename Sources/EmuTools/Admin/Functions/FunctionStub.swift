import EmuData
import EmuRouting
import LCWire

/// What a stubbed cloud function answers (docs/functions.md): a result, or an error with the
/// code, message and HTTP status LeanEngine would send. LCEmu runs no cloud code; tests say
/// what each function returns.
public enum FunctionStub: Sendable, Equatable {
    case result(JSON)
    case error(LCErrorCode)

    /// Reads `{"result": <any JSON>}` or `{"error": {"code": 142, "error": "…"}, "status": 400}`.
    public init(json: JSONObject) throws {
        if let result = json["result"], json["error"] == nil, json["status"] == nil, json.count == 1 {
            self = .result(result)
            return
        }
        guard json["result"] == nil, let error = json["error"]?.objectValue else {
            throw InvalidInput("give either \"result\" or \"error\" (with an optional \"status\")")
        }
        guard let code = error["code"]?.intValue else { throw InvalidInput("\"error\".\"code\" must be an integer") }
        guard let message = error["error"]?.stringValue else { throw InvalidInput("\"error\".\"error\" must be a string") }
        let status = json["status"].map { $0.intValue } ?? 400
        guard let status, (400...599).contains(status) else { throw InvalidInput("\"status\" must be an integer in 400...599") }
        self = .error(LCErrorCode(code: code, message: message, httpStatus: status))
    }

    /// The stub as `PUT /__admin/functions/<name>` takes it, plus its name.
    func json(name: String) -> JSON {
        switch self {
        case .result(let result): return ["name": .string(name), "result": result]
        case .error(let code): return ["name": .string(name), "error": code.body, "status": JSON(code.httpStatus)]
        }
    }
}

/// One call of a cloud function, kept for tests to inspect.
public struct FunctionCall: Sendable, Equatable {
    public var id: Int64 = 0
    public var name: String
    /// `/1.1/call/<name>` (RPC, typed values) rather than `/1.1/functions/<name>`.
    public var rpc: Bool
    public var params: JSON
    /// The objectId of the session's user, if the call carried a live session.
    public var userId: String?
    public var calledAt = LCDate(millisecondsSince1970: 0)

    public var json: JSON {
        ["id": JSON(Int(id)), "name": .string(name), "rpc": .bool(rpc), "params": params,
         "user": userId.map(JSON.string) ?? .null, "calledAt": .string(calledAt.iso)]
    }
}
