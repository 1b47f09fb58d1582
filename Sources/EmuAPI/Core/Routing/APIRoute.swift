/// Who may call a route.
public enum RouteAccess: Sendable, Equatable {
    /// Anyone (health check, CORS preflight).
    case open
    /// Anyone, for the app named by the route capture `parameter`: URLs that a CDN or S3 would
    /// serve without LeanCloud keys (file downloads, upload URLs). An unknown app is a 404.
    case appInPath(parameter: String)
    /// The same, with the app named by a query parameter (`/1.1/captchaImage?appId=…`).
    case appInQuery(parameter: String)
    /// No LeanCloud keys (the cookie-session `/api` and OAuth `/oauth` routes): the app named
    /// by `X-LC-Id` or the OAuth client id (none when unknown), else the emulator's first app.
    case keyless
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
