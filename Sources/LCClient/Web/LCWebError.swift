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
