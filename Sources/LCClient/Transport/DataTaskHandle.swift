import Foundation
import LCWire
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The data task of one request, cancellable from another thread, even before it started.
// @unchecked: every mutable property is read and written under `lock`.
final class DataTaskHandle: @unchecked Sendable {
    private let lock = Lock()
    private var task: URLSessionDataTask?
    private var cancelled = false
    private var timedOut = false

    /// Makes and resumes the task unless the request was cancelled first; false when it was (no
    /// task is made, so nothing is sent).
    ///
    /// The flag is read, and the task resumed, under the lock: a `cancel()` either comes first
    /// (no task at all) or finds the resumed task and cancels it. Resuming and then checking
    /// would let a cancellation in between send the request anyway.
    func start(_ makeTask: () -> URLSessionDataTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return false }
        let task = makeTask()
        self.task = task
        task.resume()
        return true
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    /// Cancels the task because its time is up; its error then reads as a timeout.
    func timeOut() {
        lock.lock()
        timedOut = true
        lock.unlock()
        cancel()
    }

    var didTimeOut: Bool {
        lock.lock()
        defer { lock.unlock() }
        return timedOut
    }
}
