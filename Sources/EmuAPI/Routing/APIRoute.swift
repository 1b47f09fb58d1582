/// Who may call a route.
public enum RouteAccess: Sendable {
    /// Anyone (health check, CORS preflight).
    case open
    /// A valid app id plus app key, master key or signature.
    case app
    /// The master key only.
    case master
}

/// Where a handler runs.
public enum RouteExecution: Sendable {
    /// On the connection's queue: short, non-blocking work (reads, formatting).
    case inline
    /// On the bounded worker pool: anything that may wait (SQLite writes, password hashing).
    case pooled
}

/// A route's handler and its requirements.
public struct APIRoute: Sendable {
    public var access: RouteAccess
    public var execution: RouteExecution
    public var handler: @Sendable (APIRequest) throws -> APIResponse

    public init(access: RouteAccess, execution: RouteExecution = .inline,
                handler: @escaping @Sendable (APIRequest) throws -> APIResponse) {
        self.access = access
        self.execution = execution
        self.handler = handler
    }
}
