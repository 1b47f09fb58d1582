import Dispatch
import EmuData
import LCWire
import Primitives

/// Lends a worker's place in the pool while it waits for the engine. The server installs the
/// pool's way of doing so once (`EmulatorServer`); without one (a tool run outside the server)
/// the wait simply runs.
package enum EngineWaiting {
    package typealias Wrapper = @Sendable (() -> Void) -> Void
    private static let wrapper = Locked<Wrapper?>(nil)

    package static func install(_ body: @escaping Wrapper) { wrapper.withValue { $0 = body } }

    static func wait(_ body: () -> Void) {
        guard let wrap = wrapper.current else { return body() }
        withoutActuallyEscaping(body) { body in wrap(body) }
    }
}

/// One call LCEmu made to the engine, kept beside the request that caused it.
struct EngineCall: Sendable {
    var id: Int64 = 0
    /// The request that caused it; empty for `_ops/metadatas` asked at start or on reload.
    var requestId: String
    var method: String
    var path: String
    var milliseconds: Double
    var outcome: Result<EngineAnswer, APIError>
    var at = LCDate(millisecondsSince1970: 0)

    var json: JSON {
        var object: JSONObject = ["id": JSON(Int(id)), "requestId": .string(requestId), "method": .string(method),
                                  "path": .string(path), "ms": .number((milliseconds * 10).rounded() / 10), "at": .string(at.iso)]
        switch outcome {
        case .success(let answer): object["status"] = JSON(answer.status)
        case .failure(let error): object["error"] = error.code.body
        }
        return .object(object)
    }
}

/// The engine calls of one app, newest last, at most `capacity` (in memory, like the function
/// calls; `POST /__admin/reset` empties it).
final class EngineCallLog: Sendable {
    static let capacity = 1000
    private let clock: EmulatorClock
    private let state = Locked<(calls: [EngineCall], nextId: Int64)>(([], 1))

    init(clock: EmulatorClock) { self.clock = clock }

    func record(_ call: EngineCall) {
        var call = call
        call.at = clock.now
        state.withValue { state in
            call.id = state.nextId
            state.nextId += 1
            state.calls.append(call)
            if state.calls.count > Self.capacity { state.calls.removeFirst(state.calls.count - Self.capacity) }
        }
    }

    /// Newest first; `requestId` keeps the calls one request caused.
    func calls(of requestId: String? = nil) -> [EngineCall] {
        state.current.calls.reversed().filter { requestId == nil || $0.requestId == requestId }
    }

    func clear() { state.withValue { $0.calls.removeAll() } }

    /// The newest call's id and how many are kept: what the dashboard's live state compares.
    var position: (lastId: Int64, count: Int) {
        let current = state.current
        return (current.nextId - 1, current.calls.count)
    }
}
