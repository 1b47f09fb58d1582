import Primitives

/// Lets a handler answer either synchronously (inside `handle`) or later from another thread.
/// A synchronous answer is picked up inline, which saves a queue hop on the hot path.
// @unchecked: every mutable property is read and written under `lock`.
final class ResponseGate: @unchecked Sendable {
    /// Borrowed from the connection: one mutex per connection instead of one per request.
    private let lock: Lock
    private var handlerReturned = false
    private var delivered = false
    private var early: HTTPResponse?

    init(lock: Lock) { self.lock = lock }

    /// Called by the handler's `respond`. Returns true when the response was stored for the
    /// synchronous path; false means the caller must deliver it itself. Later calls are ignored.
    func offer(_ response: HTTPResponse) -> Bool? {
        lock.withLock {
            if delivered { return nil }
            delivered = true
            if !handlerReturned {
                early = response
                return true
            }
            return false
        }
    }

    /// Called once `handle` has returned: the response, if it was given synchronously.
    func handlerDidReturn() -> HTTPResponse? {
        lock.withLock {
            handlerReturned = true
            defer { early = nil }
            return early
        }
    }
}
