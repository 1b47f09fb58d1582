import EmuHTTP
import LCWire

/// A request on a route whose access level guarantees an app (`.app`, `.master`,
/// `.appOrAnonymous`, `.appInPath`, `.appInQuery`): the context the authenticator filled once,
/// with the app non-optional, so handlers read it instead of re-checking what the route's access
/// level already guaranteed. Made by `APIRoute(app:)`; modelled on Hummingbird's `RequestContext`.
public struct AppRequest: RoutedRequest {
    /// The request as routed and authenticated; sub-requests (batch) are dispatched from it.
    let base: APIRequest
    /// The authenticated app.
    public let app: AppRuntime

    /// Nil only when `base` has no app, which the authenticator never lets through on an app
    /// route; `APIRoute(app:)` answers 401 then, as a missing app always has.
    init?(_ base: APIRequest) {
        guard let app = base.app else { return nil }
        self.base = base
        self.app = app
    }

    /// A request the emulator makes for itself (custom-route resources): `app`, with the master key.
    init(internalFor app: AppRuntime, requestId: String, dispatcher: any SubRequestDispatching) {
        self.base = APIRequest(http: HTTPRequest(method: "GET", target: "/", path: "/"), parameters: [:],
                               requestId: requestId, app: app, isMaster: true, dispatcher: dispatcher)
        self.app = app
    }

    public var http: HTTPRequest { base.http }
    public var parameters: RouteCaptures { base.parameters }
    public var requestId: String { base.requestId }
    /// True when the master key was presented.
    public var isMaster: Bool { base.isMaster }
    /// The session token sent with the request (`APIRequest.sessionToken`).
    public var sessionToken: String? { base.sessionToken }
    /// Caller, privilege and permissions. Inside a transaction ask `access.caller(in: db)`, so the
    /// session is read in the same snapshot as the handler's work.
    var access: AccessContext { base.access }

    /// Who is calling, for handlers that need it before any transaction of their own: looked up
    /// in a read of its own unless the request already knows it (no token, or asked before).
    func caller() throws -> Caller { try access.caller(reading: app.database) }

    /// Runs `subrequest` through the router with this request's app, privilege and headers.
    func dispatch(_ subrequest: SubRequest) -> APIResponse { base.dispatch(subrequest) }
}
