import Foundation

/// Everything a child process writes to one pipe, read on a background thread so the child
/// never blocks on a full pipe. Waiting for a line blocks on a condition with a deadline: no sleep.
// @unchecked: `data` and `finished` are read and written under `condition`.
public final class OutputCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var finished = false

    /// Starts draining `handle` until end of file.
    public func drain(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty { finished = true } else { data.append(chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    /// The text so far.
    public var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// The first complete line containing `fragment`, waiting at most `timeout` seconds;
    /// nil at the deadline or when the pipe closes without it.
    public func line(containing fragment: String, timeout: Double) -> String? {
        waitFor(timeout: timeout) { text, _ in
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .first { $0.contains(fragment) }.map(String.init)
        }
    }

    /// Waits until the writer closes the pipe; false at the deadline.
    public func waitForEnd(timeout: Double) -> Bool {
        waitFor(timeout: timeout) { _, finished in finished ? true : nil } ?? false
    }

    /// Re-evaluates `found` after every chunk until it returns a value; nil once the pipe has
    /// ended without one, or at the deadline.
    private func waitFor<T>(timeout: Double, _ found: (String, Bool) -> T?) -> T? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = found(String(decoding: data, as: UTF8.self), finished) { return value }
            if finished { return nil }
            if !condition.wait(until: deadline) { return nil }
        }
    }
}
