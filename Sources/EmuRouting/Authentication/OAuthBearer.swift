import EmuData
import EmuHTTP
import LCWire

/// `Authorization: Bearer <access_token>` on the `/1.1` API (login-flows.md §3): in place of the
/// app headers plus `X-LC-Session`, the token names its app and the LeanCloud session of its user,
/// which the request then carries. Unknown, expired, or its session ended → 401 with an RFC 6750
/// challenge.
enum OAuthBearer {
    static let challenge = ("WWW-Authenticate", #"Bearer error="invalid_token""#)

    /// The token's app and the session token of its user.
    /// - Parameter appId: the app the request names with `X-LC-Id`, if any; else every app is searched.
    static func resolve(_ token: String, appId: String?, apps: [String: AppRuntime]) throws -> (AppRuntime, String) {
        let candidates = appId.map { id in apps[id].map { [$0] } ?? [] } ?? Array(apps.values)
        for app in candidates {
            let now = app.clock.nowMilliseconds
            let session = try app.database.read { db in try OAuthTokenStore.session(accessToken: token, now: now, in: db) }
            if let session { return (app, session) }
        }
        throw invalidToken
    }

    /// 401 `{"code":401,"error":"Unauthorized."}` with the RFC 6750 challenge.
    static let invalidToken = APIError(
        .unauthorized, headers: [challenge, (LCHeaderName.authDiagnostic, "unknown or expired bearer token")])
}
