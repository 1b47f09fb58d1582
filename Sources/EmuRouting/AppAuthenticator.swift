import EmuData
import EmuHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// Decides which app a request belongs to and with which privilege (spec §1.2–1.4).
/// On failure the body stays the faithful `{"code":401,"error":"Unauthorized."}`; the reason goes
/// in the `X-LCEmu-Auth-Error` header, because clients get signing wrong in many ways.
package struct AppAuthenticator: Sendable {
    static let diagnosticHeader = LCHeaderName.authDiagnostic
    /// The apps served, which apps made on demand join and leave (`AppDirectory`).
    package let directory: AppDirectory
    /// For unknown app ids (the verifier then refuses before any window applies).
    let verifier: LCAuthVerifier

    /// Served when a keyless request names no app (the first configured one).
    package let defaultAppId: String?

    /// Every app served now.
    package var apps: [String: AppRuntime] { directory.snapshot.apps }

    /// What the request's credentials established; `Pipeline` turns it into the request's
    /// context (`RequestContext<AppRuntime?>`, `AccessContext`), so nothing downstream parses a header again.
    package struct Outcome {
        package var app: AppRuntime?
        package var isMaster: Bool
        /// The session token the credentials carry: the one an OAuth bearer token stands for
        /// (`OAuthBearer`), else a non-empty `X-LC-Session` (or alias). The
        /// `session_token` query parameter is the request's, not the credentials' (`RequestContext<AppRuntime?>`).
        package var sessionToken: String? = nil
    }

    /// - Parameter maxSkewMilliseconds: window for signature timestamps of apps whose options set
    ///   none; nil = none (as the real service).
    /// - Parameter prefix: the opt-in prefix of apps made on first use (`OnDemandPrefix`); nil = off.
    package init(apps: [String: AppRuntime], maxSkewMilliseconds: Int64? = nil, defaultAppId: String? = nil,
                 prefix: OnDemandPrefix? = nil) {
        self.directory = AppDirectory(apps: apps, maxSkewMilliseconds: maxSkewMilliseconds, prefix: prefix,
                                      defaultAppId: defaultAppId)
        self.defaultAppId = defaultAppId
        self.verifier = LCAuthVerifier(maxSkew: maxSkewMilliseconds)
    }

    /// The one app served, when there is only one.
    package var onlyApp: AppRuntime? { directory.snapshot.onlyApp }

    /// The app this id names, if served.
    package func app(withId id: String) -> AppRuntime? { directory.snapshot.app(withId: id) }

    /// - Parameters:
    ///   - parameters: the route's captures, which name the app of `.appInPath` routes.
    ///   - provisioning: whether an id of the opt-in prefix that no app has yet gets its app now
    ///     (once the template's keys verify); false for checks that must change nothing.
    ///   - nameLengths: those of `request`'s field names, when known: a request without a name of
    ///     `Authorization`'s length is not looked through for it.
    ///   - apps: the directory's snapshot the request read already (the pipeline reads it once,
    ///     for its custom routes too); nil reads it now.
    package func authenticate(_ request: HTTPRequest, access: RouteAccess, parameters: RouteCaptures = [:],
                              provisioning: Bool = true, nameLengths: FieldNameLengths? = nil,
                              apps: AppDirectory.Snapshot? = nil) throws -> Outcome {
        if access == .open { return Outcome(app: nil, isMaster: false) }
        // Read once: the request sees one set of apps throughout.
        let snapshot = apps ?? directory.snapshot
        // Parsed once here: the app, the privilege and the session token all read these.
        let credentials = LCRequestCredentials(fields: request.headers.fields)
        let mayAuthorize = nameLengths?.mayContain(AuthorizationHeader.name) ?? true
        let bearer = mayAuthorize ? AuthorizationHeader.bearer(request.headers) : nil
        let session = credentials.sessionToken.flatMap { $0.isEmpty ? nil : $0 }
        switch access {
        case .open:
            return Outcome(app: nil, isMaster: false)
        case .appInPath(let parameter):
            // No keys, like a CDN URL; an unknown app reads as a missing resource, not a 401.
            guard let app = parameters[parameter].flatMap({ snapshot.apps[$0] }) else { throw APIError(.routeNotFound) }
            return Outcome(app: app, isMaster: false, sessionToken: session)
        case .appInQuery(let parameter):
            guard let app = request.queryValue(parameter).flatMap({ snapshot.apps[$0] }) else { throw APIError(.routeNotFound) }
            return Outcome(app: app, isMaster: false, sessionToken: session)
        case .keyless:
            return Outcome(app: keylessApp(credentials, request, apps: snapshot.apps), isMaster: false, sessionToken: session)
        case .appOrAnonymous where Self.carriesNoCredentials(credentials, bearer: bearer):
            return Outcome(app: snapshot.defaultApp, isMaster: false, sessionToken: session)
        case .app, .master, .appOrAnonymous:
            break
        }
        if let token = bearer {
            if access == .master { throw failure("this endpoint needs the master key") }
            let (app, session) = try OAuthBearer.resolve(token, appId: credentials.appId, apps: snapshot.apps)
            return Outcome(app: app, isMaster: false, sessionToken: session)
        }
        let entry = credentials.appId.flatMap { snapshot.entry(withId: $0) }
        // An id of the opt-in prefix that no app has yet: the template's keys must verify; then
        // the app is made, and answers this request.
        let template = entry == nil && provisioning
            ? credentials.appId.flatMap { directory.template(forUnserved: $0, in: snapshot) }
                .map { AppDirectory.Snapshot.Entry($0, maxSkew: verifier.maxSkew) }
            : nil
        // The keys handed on in place (its own window, when the app's options set one).
        let verdict: LCAuthResult
        if let checked = entry ?? template {
            verdict = checked.verifier.verify(credentials, keys: checked.keys, now: checked.app.clock.nowMilliseconds)
        } else {
            verdict = verifier.verify(credentials, keys: nil, now: 0)
        }
        switch verdict {
        case .success(let privilege):
            let isMaster = privilege == .master
            if access == .master && !isMaster { throw failure("this endpoint needs the master key") }
            var app = entry?.app
            if let template, let id = credentials.appId { app = try directory.provision(id, from: template.app) }
            return Outcome(app: app, isMaster: isMaster, sessionToken: session)
        case .failure(let reason):
            throw failure(reason.reason)
        }
    }

    /// No app id, key, master key, signature or bearer token: an anonymous request.
    private static func carriesNoCredentials(_ credentials: LCRequestCredentials, bearer: String?) -> Bool {
        credentials.appId == nil && credentials.key == nil && credentials.sign == nil
            && credentials.masterKey == nil && bearer == nil
    }

    /// The cookie-session and OAuth routes carry no keys: `X-LC-Id` or the OAuth client id names
    /// the app (nil when unknown), else the default app serves them.
    private func keylessApp(_ credentials: LCRequestCredentials, _ request: HTTPRequest, apps: [String: AppRuntime]) -> AppRuntime? {
        let named = credentials.appId ?? AuthorizationHeader.basic(request.headers)?.clientId
        guard let id = named ?? defaultAppId else { return nil }
        return apps[id]
    }

    private func failure(_ reason: String) -> APIError {
        APIError(.unauthorized, headers: [(Self.diagnosticHeader, reason)])
    }
}

// MARK: - The Authorization header

/// The `Authorization` header schemes of the OAuth flow: `Basic` client credentials
/// (RFC 6749 §2.3.1) and `Bearer` access tokens (RFC 6750 §2.1). Scheme names are case-insensitive.
package enum AuthorizationHeader {
    static let name = "Authorization"

    /// HTTP Basic `client_id:client_secret`; nil when absent or malformed.
    package static func basic(_ headers: HTTPHeaders) -> (clientId: String, secret: String)? {
        guard let credentials = value(of: "basic", in: headers),
              let decoded = Data(base64Encoded: credentials).flatMap({ String(data: $0, encoding: .utf8) }),
              let colon = decoded.firstIndex(of: ":") else { return nil }
        // RFC 6749 §2.3.1: both parts are form-encoded before Basic encoding.
        let id = QueryString.unescape(decoded[..<colon])
        let secret = QueryString.unescape(decoded[decoded.index(after: colon)...])
        return (id, secret)
    }

    /// The token of `Authorization: Bearer <token>`; an empty token counts as one (and fails).
    package static func bearer(_ headers: HTTPHeaders) -> String? {
        value(of: "bearer", in: headers)
    }

    private static func value(of scheme: String, in headers: HTTPHeaders) -> String? {
        guard let header = headers[name] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard let name = parts.first, name.lowercased() == scheme else { return nil }
        return parts.count > 1 ? parts[1].trimmingWhitespace() : ""
    }
}

// MARK: - OAuth bearer tokens

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
