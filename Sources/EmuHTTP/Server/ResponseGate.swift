import Primitives

/// One request's way back to its connection. A handler may answer synchronously (inside
/// `handle`), which is picked up inline and saves a hop, or later from another thread, which
/// hands the answer to the connection's executor. Later answers are ignored. The gate carries
/// what the connection needs to write the answer, so the handler's `respond` closure captures it
/// alone and costs no allocation of its own.
// @unchecked: `handlerReturned`, `delivered` and `early` are read and written under `lock`;
// the rest is immutable.
final class ResponseGate: @unchecked Sendable {
    let connection: HTTPConnection
    let keepAlive: Bool
    let isHead: Bool
    let http10: Bool
    /// Borrowed from the connection: one mutex per connection instead of one per request.
    private let lock: Lock
    private var handlerReturned = false
    private var delivered = false
    private var early: HTTPResponse?

    init(connection: HTTPConnection, request: HTTPRequest) {
        self.connection = connection
        keepAlive = request.keepAlive
        isHead = request.method == "HEAD"
        http10 = request.version == .http1_0
        lock = connection.gateLock
    }

    /// The handler's `respond`: stores a synchronous answer, or hands a later one to the
    /// connection's executor.
    func respond(_ response: HTTPResponse) {
        let late: Bool? = lock.withLock {
            if delivered { return nil }
            delivered = true
            if !handlerReturned {
                early = response
                return false
            }
            return true
        }
        guard late == true else { return }
        connection.execute { [self] in
            connection.complete(response, gate: self)
            connection.processBuffered()
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
