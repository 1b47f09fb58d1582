import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire
import Primitives

/// `POST /oauth/access_token` (login-flows.md §3, RFC 6749 §4.3 and §6): the password grant and
/// the refresh grant. Client credentials (client id = app id, secret = app key) by HTTP Basic or
/// in the form as `client_id` and `client_secret` (RFC 6749 §2.3.1).
package enum OAuthRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/oauth/access_token", APIRoute(access: .keyless) { request in
            do {
                return try accessToken(request)
            } catch let failure as OAuthFailure {
                return failure.response
            }
        })
    }

    static func accessToken(_ request: RequestContext<AppRuntime?>) throws -> APIResponse {
        let form = WebRequest.formFields(request.http.body)
        let app = try authenticateClient(request, form: form)
        let now = app.clock.nowMilliseconds
        let grant: OAuthTokenStore.Grant
        switch form["grant_type"] ?? "" {
        // The password grant verifies the hash outside the writer (below).
        case "password": grant = try passwordGrant(form, app: app, now: now)
        case "refresh_token":
            grant = try app.database.write { db in
                try issue(userId: try refreshGrant(form, now: now, in: db), app: app, now: now, in: db)
            }
        case "": throw OAuthFailure.invalidRequest("grant_type is missing.")
        default: throw OAuthFailure.unsupportedGrantType
        }
        var body = JSONObject()
        body["access_token"] = .string(grant.accessToken)
        body["refresh_token"] = .string(grant.refreshToken)
        body["token_type"] = "bearer"
        body["expires_in"] = JSON(grant.expiresIn)
        return APIResponse(json: .object(body))
    }

    /// The app whose id and key the client credentials carry, compared in constant time: HTTP
    /// Basic, else the form's `client_id` and `client_secret`. A form field that a Basic header
    /// contradicts is a malformed request (400), not a failed authentication: the client sent two
    /// identities. The app is the request's (`X-LC-Id`, else the Basic client id, else the first
    /// app): body credentials name no other app.
    static func authenticateClient(_ request: RequestContext<AppRuntime?>, form: [String: String]) throws -> AppRuntime {
        let bodyId = form["client_id"]
        let bodySecret = form["client_secret"]
        let credentials: (clientId: String, secret: String)
        if let basic = AuthorizationHeader.basic(request.http.headers) {
            if let bodyId, bodyId != basic.clientId { throw OAuthFailure.credentialsDiffer }
            if let bodySecret, !ConstantTime.equals(bodySecret, basic.secret) { throw OAuthFailure.credentialsDiffer }
            credentials = basic
        } else if let bodyId, let bodySecret {
            credentials = (bodyId, bodySecret)
        } else {
            throw OAuthFailure.invalidClient
        }
        guard let app = request.app,
              ConstantTime.equals(credentials.clientId, app.configuration.appId),
              ConstantTime.equals(credentials.secret, app.configuration.appKey) else { throw OAuthFailure.invalidClient }
        return app
    }

    /// The token pair of a user whose grant passed, in the grant's write transaction.
    static func issue(userId: String, app: AppRuntime, now: Int64, in db: Database) throws -> OAuthTokenStore.Grant {
        // The bearer token stands for the user's LeanCloud session on /1.1, as a log-in gives it.
        let session = try SessionStore.tokenForLogIn(
            userId: userId, now: now, lifetime: app.sessionLifetimeMilliseconds, in: db)
        let expiresIn = app.configuration.options.webLogin.accessTokenSeconds
        return try OAuthTokenStore.issue(userId: userId, session: session, now: now, expiresIn: expiresIn, in: db)
    }

    /// A live refresh token; using it deletes it (rotation) and its access token.
    private static func refreshGrant(_ form: [String: String], now: Int64, in db: Database) throws -> String {
        guard let token = form["refresh_token"], !token.isEmpty else {
            throw OAuthFailure.invalidRequest("refresh_token is missing.")
        }
        guard let userId = try OAuthTokenStore.redeem(refreshToken: token, now: now, in: db),
              try UserStore.fetch(userId, in: db) != nil else {
            throw OAuthFailure.invalidGrant("The refresh token is unknown, used or expired.")
        }
        return userId
    }
}

// MARK: - The password grant

extension OAuthRoutes {
    /// `username` (user name, email or phone) and the plain `password`, under the same lockout as
    /// `/1.1/login` (spec §5.4: 219 after more than 6 failures in 15 minutes), answered as
    /// `invalid_grant` (docs/compatibility.md). Like `/1.1/login`: read the user, verify the hash
    /// outside any transaction, then settle the throttle and issue the tokens in one short write.
    static func passwordGrant(_ form: [String: String], app: AppRuntime, now: Int64) throws -> OAuthTokenStore.Grant {
        guard let username = form["username"], !username.isEmpty, let password = form["password"], !password.isEmpty else {
            throw OAuthFailure.invalidRequest("username and password are required.")
        }
        let user = try app.database.read { db -> ObjectRecord in
            guard let user = try UserLookup.find(login: username, in: db) else { throw OAuthFailure.wrongCredentials }
            if try LoginThrottle.isLocked(userId: user.objectId, now: now, in: db) { throw OAuthFailure.locked }
            return user
        }
        let verdict = PasswordVerdict(user: user, plain: password)
        let outcome = try app.database.write { db -> Result<OAuthTokenStore.Grant, OAuthFailure> in
            // Deleted, or its password changed, while the hash ran: refused, not counted.
            guard let current = try UserStore.fetch(user.objectId, in: db), verdict.holds(for: current) else {
                return .failure(.wrongCredentials)
            }
            switch try LoginThrottle.settle(userId: user.objectId, matches: verdict.matches, now: now, in: db) {
            case .locked: return .failure(.locked)
            case .wrongPassword: return .failure(.wrongCredentials)
            case .loggedIn:
                try verdict.storeMissingWebPassword(on: current, in: db)
                return .success(try issue(userId: user.objectId, app: app, now: now, in: db))
            }
        }
        // Thrown after the commit, so that a counted failure stays counted.
        return try outcome.get()
    }
}

// MARK: - Failures in RFC 6749's form

/// An OAuth token endpoint error in RFC 6749 §5.2 form: `{"error","error_description"}`.
struct OAuthFailure: Error, Sendable, Equatable {
    var status: Int
    var error: String
    var description: String

    static func invalidRequest(_ description: String) -> OAuthFailure {
        OAuthFailure(status: 400, error: "invalid_request", description: description)
    }
    /// Basic credentials and `client_id`/`client_secret` in the body that disagree.
    static let credentialsDiffer = invalidRequest("client credentials differ between the Authorization header and the body.")
    /// 401 with a `WWW-Authenticate: Basic` challenge (§5.2: the client authenticated by Basic).
    static let invalidClient = OAuthFailure(status: 401, error: "invalid_client", description: "Client authentication failed.")
    static func invalidGrant(_ description: String) -> OAuthFailure {
        OAuthFailure(status: 400, error: "invalid_grant", description: description)
    }
    /// A password grant with an unknown user or a wrong password.
    static let wrongCredentials = invalidGrant("The username or password is wrong.")
    /// A password grant for a locked account (spec §5.4's 219, with LeanCloud's message).
    static let locked = invalidGrant(LCErrorCode.loginLocked.message)
    static let unsupportedGrantType = OAuthFailure(
        status: 400, error: "unsupported_grant_type", description: "grant_type must be password or refresh_token.")

    var response: APIResponse {
        var body = JSONObject()
        body["error"] = .string(error)
        body["error_description"] = .string(description)
        var response = APIResponse(status: status, json: .object(body))
        if status == 401 { response.headers.add("WWW-Authenticate", #"Basic realm="oauth""#) }
        return response
    }
}
