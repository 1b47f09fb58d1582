import Foundation
import LCWire

/// The current user of one application and the streams that observe it.
// @unchecked: every mutable property is read and written under `lock`.
final class LCUserState: @unchecked Sendable {
    private let lock = Lock()
    private var user: LCUser?
    private var observers: [UUID: AsyncStream<LCUser?>.Continuation] = [:]
    private var reauthentication: Task<Void, Error>?

    var current: LCUser? {
        lock.lock()
        defer { lock.unlock() }
        return user
    }

    /// Replaces the current user and tells every observer.
    func set(_ newValue: LCUser?) {
        lock.lock()
        user = newValue
        let continuations = Array(observers.values)
        lock.unlock()
        for continuation in continuations { continuation.yield(newValue) }
    }

    /// A stream that yields the current user now and again after every change.
    func updates() -> AsyncStream<LCUser?> {
        let id = UUID()
        return AsyncStream(bufferingPolicy: .bufferingNewest(16)) { continuation in
            lock.lock()
            observers[id] = continuation
            let now = user
            lock.unlock()
            continuation.yield(now)
            continuation.onTermination = { [weak self] _ in self?.remove(id) }
        }
    }

    /// The re-authentication in progress, started by `start` when there is none.
    func sharedReauthentication(_ start: () -> Task<Void, Error>) -> Task<Void, Error> {
        lock.lock()
        defer { lock.unlock() }
        if let reauthentication { return reauthentication }
        let task = start()
        reauthentication = task
        Task { [weak self] in
            _ = await task.result
            self?.finishReauthentication(task)
        }
        return task
    }

    private func finishReauthentication(_ task: Task<Void, Error>) {
        lock.lock()
        if reauthentication == task { reauthentication = nil }
        lock.unlock()
    }

    private func remove(_ id: UUID) {
        lock.lock()
        observers[id] = nil
        lock.unlock()
    }
}
