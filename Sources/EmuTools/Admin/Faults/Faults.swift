import Dispatch
import EmuData
import EmuHTTP
import EmuRouting
import Primitives

/// One app's injected faults, in memory; `POST /__admin/reset` and a restart remove them. The
/// first fault (oldest first) matching a request applies and counts down its `remaining`.
public final class Faults: Sendable {
    public static let capacity = 100
    private struct State {
        var faults: [Fault] = []
        var nextId = 1
    }
    private let state = Locked(State())

    /// Adds a fault; returns it with its id, or nil when `capacity` are set.
    func add(_ fault: Fault) -> Fault? {
        state.withValue { state in
            guard state.faults.count < Self.capacity else { return nil }
            var fault = fault
            fault.id = "f\(state.nextId)"
            state.nextId += 1
            state.faults.append(fault)
            return fault
        }
    }

    /// The fault that applies to this request, used up by one; nil for none.
    package func take(method: String, path: String) -> Fault? {
        state.withValue { state in
            guard let index = state.faults.firstIndex(where: { $0.matches(method: method, path: path) }) else { return nil }
            let fault = state.faults[index]
            if let remaining = fault.remaining {
                if remaining <= 1 { state.faults.remove(at: index) } else { state.faults[index].remaining = remaining - 1 }
            }
            return fault
        }
    }

    public var all: [Fault] { state.current.faults }

    /// Removes one fault, or all; returns how many went.
    @discardableResult
    public func remove(_ id: String? = nil) -> Int {
        state.withValue { state in
            let before = state.faults.count
            state.faults.removeAll { id == nil || $0.id == id }
            return before - state.faults.count
        }
    }
}
