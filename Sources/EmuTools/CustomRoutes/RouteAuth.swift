import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire
import Primitives

/// Who is logged in, for a route that requires it (`"auth"`): the built-in OAuth flow's Bearer
/// token, the `/api` cookie session, or a LeanCloud session token, each checked as the flow that
/// issued it checks it (live, of this app, by the app's clock) — a forged, expired or revoked
/// credential is no caller. A route without a caller answers the app's own "not logged in"
/// envelope (`unauthorized`, else the flow's default), never falls through to another route:
/// the match came first, so the refusal is the route's answer.
///
/// Resources call `resolve` the same way (on the worker pool: it reads the database).
package struct RouteAuth: Sendable {
    static let keys = ["require", "optional", "unauthorized"]

    /// The credentials a route may accept.
    enum Kind: String, CaseIterable, Sendable {
        /// `Authorization: Bearer <access token>` of the built-in OAuth flow (login-flows.md §3).
        case oauth
        /// The `sid` cookie of a logged-in `/api` session (login-flows.md §2).
        case webSession
        /// `X-LC-Session` (or an alias): a LeanCloud session token of this app.
        case lcSession
    }

    /// Tried in order; the first that names a live user is the caller.
    let kinds: [Kind]
    /// Resolve the caller when there are credentials, never refuse.
    let optional: Bool
    /// The route's own refusal; nil: the first kind's default (`refusal`).
    let unauthorized: ResponseSpec?

    /// - Parameter captures: the route's path captures, which `unauthorized` may name.
    init(json: JSON, captures: [String], routesFolder: RoutesFolder = .noFolder) throws {
        guard let object = json.objectValue else {
            throw RouteDefinitionError(field: "", "expected {\"require\", \"optional\"?, \"unauthorized\"?}")
        }
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        let names: [String]
        switch object["require"] {
        case .string(let name)?: names = [name]
        case .array(let items)? where !items.isEmpty && items.allSatisfy({ $0.stringValue != nil }): names = items.compactMap(\.stringValue)
        default: throw RouteDefinitionError(field: "require", "required: \"oauth\", \"webSession\", \"lcSession\", or an array of them")
        }
        var kinds: [Kind] = []
        for name in names {
            guard let kind = Kind(rawValue: name) else {
                throw RouteDefinitionError(field: "require", "'\(name)' is not a kind of log-in (known: oauth, webSession, lcSession)")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        self.kinds = kinds
        switch object["optional"] {
        case nil: optional = false
        case .bool(let value)?: optional = value
        default: throw RouteDefinitionError(field: "optional", "expected true or false")
        }
        if let value = object["unauthorized"] {
            guard let answer = value.objectValue else { throw RouteDefinitionError(field: "unauthorized", "expected an object") }
            unauthorized = try RouteJSON.at("unauthorized") {
                try ResponseSpec(json: answer, scope: Template.Scope(captures: captures), routesFolder: routesFolder,
                                 keys: ResponseSpec.answerKeys, defaultStatus: Self.refusal(kinds[0], credentialsSent: false).status)
            }
        } else {
            unauthorized = nil
        }
    }

    /// What `resolve` found.
    package enum Outcome: Sendable {
        /// The caller as `{{caller}}` renders it; nil with `optional` and no credentials.
        case caller(JSONObject?)
        /// The route's refusal, to answer as it is.
        case refused(APIResponse)
    }

    /// The caller of `request`, or the refusal to answer. Reads `app`'s database: call it on
    /// the worker pool. `context` renders a route's own `unauthorized` answer.
    ///
    /// `writes`: the route changes data (write actions, a resource's create, update or delete).
    /// A caller known by the `sid` cookie is then held to the `/api` flow's CSRF rule
    /// (`webLoginCsrf`, `BrowserRequest`): a browser sends it on any page's form post, so a
    /// checked request must echo the session's token in `X-XSRF-TOKEN`, or it is refused with
    /// the flow's own 801 — whatever the route's `unauthorized`, as the flow answers it. A GET
    /// or HEAD that writes is checked whatever the mode (`isNavigation`).
    package func resolve(_ request: IncomingRequest, app: AppRuntime, routeId: String, context: TemplateContext,
                         writes: Bool = false) -> Outcome {
        let credentials = Credentials(request.http)
        do {
            let found = try app.database.read { db -> Found? in
                let now = app.clock.nowMilliseconds
                for kind in kinds {
                    if let found = try Self.caller(kind, credentials, now: now, in: db) { return found }
                }
                return nil
            }
            if let found {
                if writes, let xsrf = found.xsrf,
                   Self.isNavigation(request.method)
                    || BrowserRequest.needsCSRFCheck(app.configuration.options.webLogin.csrfMode, headers: request.http.headers),
                   !ConstantTime.equals(request.http.headers[LCHeaderName.xsrfToken] ?? "", xsrf) {
                    return .refused(Self.csrfRefusal)
                }
                return .caller(found.caller)
            }
        } catch {
            return .refused(APIResponse(status: 500, json: [
                LCWireKey.code: 1, LCWireKey.error: .string("route '\(routeId)': the caller could not be read"),
            ]))
        }
        if optional { return .caller(nil) }
        if let unauthorized { return .refused(StubResponder.response(unauthorized, routeId: routeId, context: context)) }
        // The kind whose credentials came (and failed) speaks; else the first the route names.
        let kind = kinds.first { credentials.sent($0) } ?? kinds[0]
        var refusal = Self.refusal(kind, credentialsSent: credentials.sent(kind))
        RouteContentIsolation.apply(to: &refusal.headers)
        return .refused(refusal)
    }

    /// A GET or HEAD: what an `<img>`, a link or a `window.open` of any page sends, with no
    /// `Origin`, and with no `Sec-Fetch-Site` over plain http to a name other than localhost or in
    /// an older Safari, so `BrowserRequest` cannot tell it from a native client. A native client
    /// that sends the `sid` cookie can echo the token, so such a write always needs it.
    static func isNavigation(_ method: String) -> Bool {
        method == "GET" || method == "HEAD"
    }

    /// A caller, and the CSRF token of the cookie session that named it (nil for the other kinds).
    private struct Found {
        let caller: JSONObject
        let xsrf: String?
    }

    /// The user a kind of credentials names, rendered for templates; nil when missing or not live.
    private static func caller(_ kind: Kind, _ credentials: Credentials, now: Int64, in db: Database) throws -> Found? {
        let userId: String?
        var ownToken: String?
        var xsrf: String?
        switch kind {
        case .oauth:
            guard let token = credentials.bearer,
                  let session = try OAuthTokenStore.session(accessToken: token, now: now, in: db) else { return nil }
            userId = try SessionStore.userId(forToken: session, now: now, in: db)
        case .webSession:
            let session = try WebSessionStore.find(sid: credentials.sid, now: now, in: db)
            userId = session?.userId
            xsrf = session?.xsrf
        case .lcSession:
            guard let token = credentials.sessionToken else { return nil }
            userId = try SessionStore.userId(forToken: token, now: now, in: db)
            ownToken = token
        }
        guard let userId, let user = try UserStore.fetch(userId, in: db) else { return nil }
        return Found(caller: try rendered(user, sessionToken: ownToken, in: db), xsrf: xsrf)
    }

    /// The `/api` flow's answer to a checked request without the session's CSRF token
    /// (docs/web-login.md: `801 csrf_validate_failed`, HTTP 200 as that API answers everything).
    static var csrfRefusal: APIResponse {
        var response = APIResponse(status: 200, json: [
            "code": 801, "msg": ["csrf_validate_failed": "The CSRF token is missing or wrong."],
        ])
        RouteContentIsolation.apply(to: &response.headers)
        return response
    }

    /// A user as `{{caller}}` (and the `findUser` action) renders it: every field its owner's
    /// `/1.1/users/me` shows, less the credentials (`authData`, tokens), plus the session token
    /// only when the caller sent it (`lcSession`: it is the caller's own).
    static func rendered(_ user: ObjectRecord, sessionToken: String? = nil, in db: Database) throws -> JSONObject {
        var object = try ObjectRenderer.wireForm(user, in: db)
        for secret in ["authData", "sessionToken", "password"] { object[secret] = nil }
        if let sessionToken { object["sessionToken"] = .string(sessionToken) }
        return object
    }

    /// Each kind's answer to a request without a live caller: the answer of the flow it belongs to.
    static func refusal(_ kind: Kind, credentialsSent: Bool) -> APIResponse {
        switch kind {
        case .oauth:
            var response = APIResponse(status: 401, json: [
                "error": "invalid_token", "error_description": "The access token is missing, expired or revoked.",
            ])
            // RFC 6750 §3.1: no error code when the request carried no token at all.
            response.headers.set("WWW-Authenticate", credentialsSent ? #"Bearer error="invalid_token""# : "Bearer")
            return response
        case .webSession:
            return APIResponse(status: 200, json: ["code": 1000, "msg": ["user_not_login": "The user is not logged in."]])
        case .lcSession:
            return APIResponse(status: 401, json: [LCWireKey.code: 211, LCWireKey.error: "Could not find user."])
        }
    }

    /// The credentials of one request, each kind's read once.
    private struct Credentials {
        let bearer: String?
        let sid: String?
        let sessionToken: String?

        init(_ http: HTTPRequest) {
            bearer = AuthorizationHeader.bearer(http.headers)
            sid = Self.cookie("sid", in: http.headers)
            sessionToken = LCRequestCredentials(header: { http.headers[$0] }).sessionToken.flatMap { $0.isEmpty ? nil : $0 }
        }

        func sent(_ kind: Kind) -> Bool {
            switch kind {
            case .oauth: bearer != nil
            case .webSession: sid != nil
            case .lcSession: sessionToken != nil
            }
        }

        /// A cookie's value (RFC 6265 §5.4), the first of its name; nil when absent or empty.
        static func cookie(_ name: String, in headers: HTTPHeaders) -> String? {
            for line in headers.values(for: "Cookie") {
                for pair in line.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard parts[0].trimmingWhitespace() == name, parts.count > 1 else { continue }
                    var value = parts[1].trimmingWhitespace()
                    if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                    return value.isEmpty ? nil : value
                }
            }
            return nil
        }
    }
}
