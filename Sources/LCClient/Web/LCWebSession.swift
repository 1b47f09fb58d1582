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

// MARK: - Exchange

extension LCWebSession {
    /// One HTTP exchange with the session's cookies and CSRF header; stores the new cookies.
    func exchange(_ method: String, _ path: String, form: [(String, String)]?) async throws -> LCHTTPResponse {
        guard let url = URL(string: path, relativeTo: baseURL)?.absoluteURL else {
            throw LCWebError(code: -1, text: "Bad path \(path)")
        }
        var request = LCHTTPRequest(method: method, url: url, headers: ["Accept": "application/json"])
        if let appId { request.headers[LCHeaderName.id] = appId }
        if let cookie = cookies.header { request.headers["Cookie"] = cookie }
        if method != "GET", let xsrf = cookies["XSRF-TOKEN"] { request.headers[LCHeaderName.xsrfToken] = xsrf }
        if let form {
            request.body = LCFormEncoding.encode(form)
            request.headers["Content-Type"] = LCFormEncoding.contentType
        }
        try Task.checkCancellation()
        let response = try await transport.send(request)
        cookies.store(from: response)
        return response
    }

    /// `data` of a success envelope, or the envelope's error.
    static func unwrap(_ response: LCHTTPResponse) throws -> JSON {
        guard let json = try? JSONParser.parse([UInt8](response.body)), let code = json["code"]?.intValue else {
            throw LCWebError(code: -1, text: "Not an /api envelope (HTTP \(response.status)).", httpStatus: response.status)
        }
        guard code == 0 else {
            let message = json["msg"]?.objectValue?.first(where: { _ in true })
            throw LCWebError(code: code, key: message?.key, text: message?.value.stringValue, httpStatus: response.status)
        }
        return json["data"] ?? .null
    }
}

// MARK: - LCWebError

/// A failure of the cookie-session API (`{"code":N,"msg":{"<key>":"<text>"}}`, login-flows.md §2).
/// Clients branch on `key`, so it is part of the contract.
public struct LCWebError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    /// The key inside `msg` (`user_not_login`, `j_captcha_error`, …).
    public var key: String?
    public var text: String?
    public var httpStatus: Int

    public init(code: Int, key: String? = nil, text: String? = nil, httpStatus: Int = 200) {
        self.code = code
        self.key = key
        self.text = text
        self.httpStatus = httpStatus
    }

    /// `1000 user_not_login`: the `sid` session is not logged in (or unknown, or expired).
    public var isNotLoggedIn: Bool { code == 1000 }
    /// `903 j_captcha_error`: wrong captcha answer.
    public var isWrongCaptcha: Bool { code == 903 }
    /// `909 j_captcha_not_empty`: a captcha is required and was not sent.
    public var isCaptchaRequired: Bool { code == 909 }
    /// `3205 two_factor_auth_code_not_empty`: log-in needs `verifyTwoFactor(code:)`.
    public var needsTwoFactor: Bool { code == 3205 }
    /// `801 csrf_validate_failed`.
    public var isCSRFFailure: Bool { code == 801 }

    public var description: String { "LCWebError \(code) \(key ?? "-"): \(text ?? "")" }
}

// MARK: - LCCookieJar

/// The cookies of one server, from `Set-Cookie` answers, for the `Cookie` header.
struct LCCookieJar: Sendable {
    private(set) var values: [String: String] = [:]

    subscript(name: String) -> String? { values[name] }

    /// The `Cookie` header value, nil when empty.
    var header: String? {
        values.isEmpty ? nil : values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: "; ")
    }

    /// Takes the cookies of a response. Several `Set-Cookie` fields may arrive joined by commas
    /// (as `HTTPURLResponse` does); a comma followed by `name=` starts a new cookie, while the
    /// comma inside an `Expires` date does not.
    mutating func store(from response: LCHTTPResponse) {
        guard let header = response.header("Set-Cookie") else { return }
        for cookie in Self.split(header) {
            let attributes = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            let expired = attributes.dropFirst().contains { $0.lowercased() == "max-age=0" } || value.isEmpty
            values[name] = expired ? nil : value
        }
    }

    mutating func removeAll() { values.removeAll() }

    static func split(_ header: String) -> [String] {
        var cookies: [String] = []
        for part in header.components(separatedBy: ",") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let startsCookie = trimmed.range(of: "^[A-Za-z0-9_.\\-]+=", options: .regularExpression) != nil
            if startsCookie || cookies.isEmpty { cookies.append(trimmed) } else { cookies[cookies.count - 1] += "," + part }
        }
        return cookies
    }
}
