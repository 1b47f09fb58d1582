import EmuData
import EmuRouting
import LCWire
import Primitives

/// One app's cloud-function stubs and the calls made to them, for tests (docs/functions.md).
/// In memory only, like the outbox: a restart or `POST /__admin/reset` empties both. At most
/// `callCapacity` calls are kept, the oldest dropped first.
public final class FunctionStubs: Sendable {
    public static let callCapacity = 1000
    /// Most stubs per app: the set is test configuration, not data, and must not grow unbounded.
    public static let stubCapacity = 1000

    private struct State {
        var stubs: [String: FunctionStub] = [:]
        var calls: [FunctionCall] = []
        var nextCallId: Int64 = 1
    }

    private let clock: EmulatorClock
    private let state = Locked(State())

    init(clock: EmulatorClock) { self.clock = clock }

    /// Sets (or replaces) the stub of `name`; false when the set is full.
    @discardableResult
    public func set(_ stub: FunctionStub, for name: String) -> Bool {
        state.withValue { state in
            guard state.stubs[name] != nil || state.stubs.count < Self.stubCapacity else { return false }
            state.stubs[name] = stub
            return true
        }
    }

    public func stub(for name: String) -> FunctionStub? { state.current.stubs[name] }

    /// Every stub, by name.
    public var all: [(name: String, stub: FunctionStub)] {
        state.current.stubs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Removes the stub of `name`, or every stub; returns how many went.
    @discardableResult
    public func remove(_ name: String? = nil) -> Int {
        state.withValue { state in
            guard let name else { defer { state.stubs.removeAll() }; return state.stubs.count }
            return state.stubs.removeValue(forKey: name) == nil ? 0 : 1
        }
    }

    /// Records a call, stamped with its id and the app clock.
    public func record(_ call: FunctionCall) {
        var call = call
        call.calledAt = clock.now
        state.withValue { state in
            call.id = state.nextCallId
            state.nextCallId += 1
            state.calls.append(call)
            if state.calls.count > Self.callCapacity { state.calls.removeFirst(state.calls.count - Self.callCapacity) }
        }
    }

    /// The calls, newest first, of one function or all.
    public func calls(of name: String? = nil) -> [FunctionCall] {
        state.current.calls.reversed().filter { name == nil || $0.name == name }
    }

    /// Forgets the calls; returns how many went. Ids keep increasing.
    @discardableResult
    public func clearCalls() -> Int {
        state.withValue { state in
            defer { state.calls.removeAll() }
            return state.calls.count
        }
    }

    /// Stubs and calls both: `POST /__admin/reset`.
    func clear() {
        remove()
        clearCalls()
    }
}

// MARK: - FunctionStub

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
