/// Answers one request. Call `respond` exactly once, on any thread, now or later: handlers that do
/// slow work (password hashing, large writes) hand it to their own queue and answer when done,
/// so the connection's thread (its event loop, or its queue) is never blocked.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void)
}

/// A handler made from a closure.
public struct ClosureHTTPHandler: HTTPHandler {
    private let body: @Sendable (HTTPRequest, @escaping @Sendable (HTTPResponse) -> Void) -> Void

    public init(_ body: @escaping @Sendable (HTTPRequest, @escaping @Sendable (HTTPResponse) -> Void) -> Void) {
        self.body = body
    }

    /// A handler that answers synchronously.
    public init(sync body: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.body = { request, respond in respond(body(request)) }
    }

    public func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) {
        body(request, respond)
    }
}
