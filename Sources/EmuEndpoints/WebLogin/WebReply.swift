import EmuData
import EmuRouting
import LCWire

/// What a cookie-session handler answers: an envelope (or a picture) plus `Set-Cookie` headers.
struct WebReply {
    var response: APIResponse

    init(_ json: JSON) { response = APIResponse(status: 200, json: json) }

    init(failure: WebLoginFailure) { self.init(failure.json) }

    /// A PNG that no cache may keep: every call draws a new captcha.
    init(png: [UInt8]) {
        response = APIResponse(status: 200, contentType: "image/png", body: png)
        response.headers.add("Cache-Control", "no-cache,no-store")
    }

    mutating func setCookie(_ cookie: SetCookie) { response.headers.add("Set-Cookie", cookie.headerValue) }

    /// The two cookies of a new session: `sid` (HttpOnly: scripts never read it) and `XSRF-TOKEN`
    /// (readable, so the client can echo it in `X-XSRF-TOKEN`).
    mutating func setCookies(of session: WebSession) {
        setCookie(.sid(session.sid))
        setCookie(SetCookie(name: WebRequest.csrfCookie, value: session.xsrf))
    }
}

// MARK: - Set-Cookie

/// One `Set-Cookie` response header (RFC 6265 §4.1). Only the attributes the cookie flow needs
/// (login-flows.md §2): `Path`, `Max-Age` (a persistent cookie; none = a browser-session cookie)
/// and `HttpOnly`.
struct SetCookie: Sendable, Equatable {
    var name: String
    var value: String
    var path = "/"
    /// Seconds; nil = a session cookie, 0 = delete it now.
    var maxAge: Int?
    var httpOnly = false
    /// `Lax`: a browser leaves the cookie off another site's subresources and posts (an `<img>`,
    /// a form), keeping it on a top-level navigation to this server.
    var sameSite: String?

    /// The header value, e.g. `sid=abc; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`.
    var headerValue: String {
        var parts = ["\(name)=\(value)", "Path=\(path)"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if httpOnly { parts.append("HttpOnly") }
        if let sameSite { parts.append("SameSite=\(sameSite)") }
        return parts.joined(separator: "; ")
    }
}

extension SetCookie {
    /// The `sid` cookie; `remember` adds `Max-Age` (login-flows.md §2: persistent only with `remember_me`).
    static func sid(_ value: String, remember: Bool = false) -> SetCookie {
        SetCookie(name: WebRequest.sessionCookie, value: value,
                  maxAge: remember ? WebSession.rememberSeconds : nil, httpOnly: true, sameSite: "Lax")
    }
}

// MARK: - Refusals, and the success envelope

/// A refusal of the cookie-session API, in its own envelope (login-flows.md §2):
/// `{"code":<n>,"msg":{"<key>":"<text>"}}`. Clients branch on the key, so keys are the contract.
struct WebLoginFailure: Error, Sendable, Equatable {
    var code: Int
    var key: String
    var text: String

    /// 903: the captcha answer is wrong, or no captcha was fetched.
    static let captchaWrong = WebLoginFailure(code: 903, key: "j_captcha_error", text: "The captcha is wrong.")
    /// 909: a captcha is required and `j_captcha` is missing.
    static let captchaMissing = WebLoginFailure(code: 909, key: "j_captcha_not_empty", text: "The captcha is required.")
    /// 1 / `email`: no email or user name, or no such user.
    static let unknownAccount = WebLoginFailure(code: 1, key: "email", text: "The account does not exist.")
    static let accountMissing = WebLoginFailure(code: 1, key: "email", text: "The email or user name is required.")
    /// 1 / `password`: no password, or a wrong one.
    static let wrongPassword = WebLoginFailure(code: 1, key: "password", text: "The password is wrong.")
    static let passwordMissing = WebLoginFailure(code: 1, key: "password", text: "The password is required.")
    /// 219 / `login_locked` (our choice; /1.1's code and message): more than 6 failed password
    /// log-ins in 15 minutes, through any log-in path, lock the account (spec §5.4).
    static let locked = WebLoginFailure(code: 219, key: "login_locked", text: LCErrorCode.loginLocked.message)
    /// 1000: the `sid` session is unknown, expired or not logged in.
    static let notLoggedIn = WebLoginFailure(code: 1000, key: "user_not_login", text: "The user is not logged in.")
    /// 801: a state-changing request without the session's `X-XSRF-TOKEN`.
    static let csrf = WebLoginFailure(code: 801, key: "csrf_validate_failed", text: "The CSRF token is missing or wrong.")
    /// 3205: the password was right; the two-factor code is needed (the text names the user).
    static func twoFactorNeeded(user: String) -> WebLoginFailure {
        WebLoginFailure(code: 3205, key: "two_factor_auth_code_not_empty", text: user)
    }
    /// 3206 (unconfirmed code): the two-factor code is wrong.
    static let twoFactorWrong = WebLoginFailure(code: 3206, key: "two_factor_auth_code_error", text: "The code is wrong.")

    /// The envelope, with HTTP 200 as this API answers every outcome.
    var json: JSON {
        var msg = JSONObject()
        msg[key] = .string(text)
        var object = JSONObject()
        object["code"] = JSON(code)
        object["msg"] = .object(msg)
        return .object(object)
    }
}

/// The success envelope `{"code":0,"data":<payload>}`.
enum WebEnvelope {
    static func success(_ data: JSON) -> JSON {
        var object = JSONObject()
        object["code"] = 0
        object["data"] = data
        return .object(object)
    }
}
