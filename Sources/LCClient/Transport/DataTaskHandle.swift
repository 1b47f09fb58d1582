import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The data task of one request, cancellable from another thread, even before it started.
final class DataTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false
    private var timedOut = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = self.cancelled
        lock.unlock()
        task.resume()
        if cancelled { task.cancel() }
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
