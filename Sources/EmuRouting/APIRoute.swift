import EmuData

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
    /// As `.app`, except that a request with no LeanCloud credential at all (no app id, key,
    /// signature or bearer token) is served for the default app without privilege. Only
    /// `GET /1.1/date`: LeanCloud answers it to anyone, and the Python SDK's `get_server_time`
    /// sends no header (its own test suite checks the answer). Wrong credentials still get 401.
    case appOrAnonymous
    /// The master key only.
    case master
}

/// Where a handler runs.
public enum RouteExecution: Sendable {
    /// On the connection's own thread (its event loop or queue): short, non-blocking work.
    case inline
    /// On the bounded worker pool: anything that may wait (SQLite writes, password hashing).
    case pooled
}

/// What a route's handler does, from which its `RouteExecution` is derived rather than chosen
/// route by route. Short reads answer on the connection's own thread: handing them to a worker
/// costs two thread hops and a pause of the connection's reading per request, about as much as
/// the signed Post fetch's own work. Writes wait for the one SQLite writer and slow work would
/// hold the connection's thread, so both go to the worker pool.
public enum RouteWork: Sendable, Equatable {
    /// As the method says: GET and HEAD read, every other method writes.
    case byMethod
    /// Changes data although the method is GET (a captcha issued, an email link followed).
    case writes
    /// Takes long whatever the method: password hashing, PNG rendering, whole files, scans, and
    /// queries (a `where` costs what its client makes it cost; docs/security.md).
    case slow
}

/// A route's handler and its requirements.
public struct APIRoute: Sendable {
    public var access: RouteAccess
    public var work: RouteWork
    public var handler: @Sendable (RequestContext<AppRuntime?>) throws -> APIResponse

    /// A route that may have no app (`.open`, `.keyless`): the handler reads an optional app.
    public init(access: RouteAccess, work: RouteWork = .byMethod,
                handler: @escaping @Sendable (RequestContext<AppRuntime?>) throws -> APIResponse) {
        self.access = access
        self.work = work
        self.handler = handler
    }

    /// A route of an app: `appAccess` guarantees one (anything but `.open` and `.keyless`), so
    /// the handler receives a `RequestContext<AppRuntime>`, whose app is not optional.
    public init(appAccess access: RouteAccess, work: RouteWork = .byMethod,
                handler: @escaping @Sendable (RequestContext<AppRuntime>) throws -> APIResponse) {
        precondition(access != .open && access != .keyless, "\(access) routes may have no app")
        self.init(access: access, work: work) { context in
            // The authenticator resolved an app for this access level; only `/1.1/date` with no
            // app configured at all arrives without one, and answers 401 as it always has.
            guard let context = context.withApp else { throw APIError(.unauthorized) }
            return try handler(context)
        }
    }

    /// Inline for a read, pooled for a write or slow work.
    public func execution(for method: String) -> RouteExecution {
        switch work {
        case .byMethod: return method == "GET" || method == "HEAD" ? .inline : .pooled
        case .writes, .slow: return .pooled
        }
    }
}
