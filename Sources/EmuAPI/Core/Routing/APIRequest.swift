import EmuHTTP
import Foundation
import LCWire

/// One API request after routing and authentication, filled once by `APIHandler` from what the
/// authenticator established: what the handlers of routes that may have no app (`.open`,
/// `.keyless`) receive. Routes whose access level guarantees an app hand their handlers an
/// `AppRequest` made from it instead (`APIRoute(app:)`).
public struct APIRequest: RoutedRequest {
    public let http: HTTPRequest
    /// Captures from the route pattern, e.g. `className`.
    public let parameters: RouteCaptures
    /// Short id logged with unexpected failures and returned to the client with them.
    public let requestId: String
    /// The authenticated app; nil only on routes that need no app.
    public let app: AppRuntime?
    /// The session token of the credentials (`AppAuthenticator.Outcome.sessionToken`): an OAuth
    /// bearer token's, else `X-LC-Session`. Kept so batch sub-requests inherit it unparsed.
    let credentialSessionToken: String?
    /// The session token sent with the request: the credentials', else the `session_token`
    /// query parameter (spec §5.5). Empty values count as none.
    public let sessionToken: String?
    /// The caller, privilege and permissions of this request; the caller is looked up on first need.
    let access: AccessContext
    /// Runs sub-requests through the same router (batch); nil for requests built by hand in tests.
    var dispatcher: (any SubRequestDispatching)? = nil

    /// True when the master key was presented.
    public var isMaster: Bool { access.isMaster }

    init(http: HTTPRequest, parameters: RouteCaptures, requestId: String, app: AppRuntime?, isMaster: Bool,
         credentialSessionToken: String? = nil, dispatcher: (any SubRequestDispatching)? = nil) {
        self.http = http
        self.parameters = parameters
        self.requestId = requestId
        self.app = app
        self.credentialSessionToken = credentialSessionToken
        var token = credentialSessionToken
        if token == nil, let query = http.queryValue("session_token"), !query.isEmpty { token = query }
        self.sessionToken = token
        self.access = AccessContext.forRequest(app: app, isMaster: isMaster, sessionToken: token)
        self.dispatcher = dispatcher
    }

    /// The app, for the few handlers on routes where it may be missing (and for tests' routes):
    /// 401 without one. Handlers of app routes read `AppRequest.app`, which cannot be missing.
    public var requiredApp: AppRuntime {
        get throws {
            guard let app else { throw APIError(.unauthorized) }
            return app
        }
    }
}
