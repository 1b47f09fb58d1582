import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire
import Primitives

/// `POST /oauth/access_token` (login-flows.md §3, RFC 6749 §4.3 and §6): the password grant and
/// the refresh grant, client credentials by HTTP Basic (client id = app id, secret = app key).
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
        let app = try authenticateClient(request)
        let form = WebRequest.formFields(request.http.body)
        let now = app.clock.nowMilliseconds
        let grant: OAuthTokenStore.Grant
        switch form["grant_type"] ?? "" {
        // The password grant verifies the hash outside the writer (OAuthRoutes+PasswordGrant.swift).
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

    /// The app whose id and key the Basic credentials carry, compared in constant time.
    private static func authenticateClient(_ request: RequestContext<AppRuntime?>) throws -> AppRuntime {
        guard let credentials = AuthorizationHeader.basic(request.http.headers), let app = request.app,
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
