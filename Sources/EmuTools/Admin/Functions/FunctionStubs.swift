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
