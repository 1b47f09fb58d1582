import Foundation
import LCWire

/// A client for the cookie-session API (`/api/...`, login-flows.md §2): form bodies, a `sid`
/// session cookie, an `XSRF-TOKEN` echoed in `X-XSRF-TOKEN`, the password sent as SHA-1 hex,
/// and `{"code":0,"data":…}` envelopes.
///
/// ```swift
/// let web = LCWebSession(baseURL: emulatorURL)
/// if try await web.captchaRequired() { let png = try await web.captchaImage() … }
/// let user = try await web.logIn(account: "testuser", password: "…", captcha: typed)
/// let again = try await web.currentUser()
/// ```
///
/// The known pitfall of this API: the log-in succeeds, yet later calls say "not logged in",
/// when the client did not call `/api/captcha/login` first, because that call creates the
/// session cookie. `logIn` makes that call itself when there is no session yet, unless
/// `establishesSession` is false (to reproduce the pitfall).
public actor LCWebSession {
    public let baseURL: URL
    /// Sent as `X-LC-Id` when set: names the app on an emulator that serves several.
    public let appId: String?
    let transport: any LCTransport
    var cookies = LCCookieJar()
    /// Call `/api/captcha/login` before a log-in when there is no `sid` cookie yet.
    public var establishesSession: Bool
    /// Logs in again when a call answers "not logged in" (1000); the call is then retried once.
    public var reauthenticate: (@Sendable (LCWebSession) async throws -> Void)?

    public init(baseURL: URL, appId: String? = nil, transport: any LCTransport = LCURLSessionTransport(), establishesSession: Bool = true) {
        self.baseURL = baseURL
        self.appId = appId
        self.transport = transport
        self.establishesSession = establishesSession
    }

    public func setReauthentication(_ closure: (@Sendable (LCWebSession) async throws -> Void)?) { reauthenticate = closure }
    public func setEstablishesSession(_ flag: Bool) { establishesSession = flag }

    /// Whether a `sid` session cookie is held.
    public var hasSession: Bool { cookies["sid"] != nil }

    /// The `sid` cookie's value (LCEmu's outbox files captcha answers under it).
    public var sessionId: String? { cookies["sid"] }

    /// `GET /api/captcha/login`: does the next log-in need a captcha? Creates the session.
    public func captchaRequired() async throws -> Bool {
        try await call("GET", "/api/captcha/login").boolValue ?? false
    }

    /// `GET /api/getCaptcha`: the picture; its answer is remembered in the session.
    public func captchaImage() async throws -> Data {
        try await exchange("GET", "/api/getCaptcha", form: nil).body
    }

    /// `POST /api/login`. Throws `LCWebError` (`needsTwoFactor` → `verifyTwoFactor(code:)`).
    @discardableResult
    public func logIn(account: String, password: String, rememberMe: Bool = false, captcha: String? = nil) async throws -> JSON {
        if establishesSession && !hasSession { _ = try await captchaRequired() }
        var form = [("email", account), ("password", SHA1.hex(password)), ("remember_me", rememberMe ? "true" : "false")]
        if let captcha { form.append(("j_captcha", captcha)) }
        return try await call("POST", "/api/login", form: form, retry: false)
    }

    /// `POST /api/check_two_factor_auth_code` with the six-digit code.
    @discardableResult
    public func verifyTwoFactor(code: String) async throws -> JSON {
        try await call("POST", "/api/check_two_factor_auth_code", form: [("code", code)], retry: false)
    }

    /// `GET /api/current_user`.
    public func currentUser() async throws -> JSON { try await call("GET", "/api/current_user") }

    /// `POST /api/logout`, then forgets the cookies.
    public func logOut() async throws {
        _ = try await call("POST", "/api/logout", form: [], retry: false)
        cookies.removeAll()
    }

    /// Any call of this API: answers `data`, or throws `LCWebError`.
    public func call(_ method: String, _ path: String, form: [(String, String)]? = nil, retry: Bool = true) async throws -> JSON {
        do {
            return try Self.unwrap(try await exchange(method, path, form: form))
        } catch let error as LCWebError where error.isNotLoggedIn && retry {
            guard let reauthenticate else { throw error }
            try await reauthenticate(self)
            return try Self.unwrap(try await exchange(method, path, form: form))
        }
    }
}
