import LCWire

/// SMS verification codes (spec §7.2, §5.10). Each request may carry the `validateToken` of a
/// solved captcha (`LCCaptcha.verify`); apps that enforce captchas refuse without one (608).
public enum LCSMS {
    /// A generic verification code (`POST /1.1/requestSmsCode`).
    public static func requestCode(
        mobilePhoneNumber: String, validateToken: String? = nil, template: String? = nil, variables: JSONObject = JSONObject(),
        in app: LCApplication
    ) async throws {
        var body = variables
        if let template { body["template"] = .string(template) }
        try await post("/1.1/requestSmsCode", mobilePhoneNumber, validateToken, body, app)
    }

    /// Checks a code from `requestCode` (`POST /1.1/verifySmsCode/<code>`); 603 when wrong.
    public static func verify(code: String, mobilePhoneNumber: String, in app: LCApplication) async throws {
        _ = try await app.request("POST", "/1.1/verifySmsCode/" + code, body: ["mobilePhoneNumber": .string(mobilePhoneNumber)])
    }

    /// A log-in code for `LCUser.logIn(mobilePhoneNumber:smsCode:)`.
    public static func requestLogInCode(mobilePhoneNumber: String, validateToken: String? = nil, in app: LCApplication) async throws {
        try await post("/1.1/requestLoginSmsCode", mobilePhoneNumber, validateToken, JSONObject(), app)
    }

    /// A code that verifies the phone number of a user.
    public static func requestPhoneVerification(mobilePhoneNumber: String, validateToken: String? = nil, in app: LCApplication) async throws {
        try await post("/1.1/requestMobilePhoneVerify", mobilePhoneNumber, validateToken, JSONObject(), app)
    }

    /// Marks the number verified with a code from `requestPhoneVerification`.
    public static func verifyPhone(code: String, mobilePhoneNumber: String, in app: LCApplication) async throws {
        _ = try await app.request("POST", "/1.1/verifyMobilePhone/" + code, body: ["mobilePhoneNumber": .string(mobilePhoneNumber)])
    }

    /// A password-reset code for `resetPassword(code:password:mobilePhoneNumber:)`.
    public static func requestPasswordReset(mobilePhoneNumber: String, validateToken: String? = nil, in app: LCApplication) async throws {
        try await post("/1.1/requestPasswordResetBySmsCode", mobilePhoneNumber, validateToken, JSONObject(), app)
    }

    /// Sets a new password with a reset code (`PUT /1.1/resetPasswordBySmsCode/<code>`).
    public static func resetPassword(code: String, password: String, mobilePhoneNumber: String, in app: LCApplication) async throws {
        _ = try await app.request("PUT", "/1.1/resetPasswordBySmsCode/" + code,
                                  body: ["password": .string(password), "mobilePhoneNumber": .string(mobilePhoneNumber)],
                                  options: .anonymous)
    }

    /// A code to move the current user to a new number (`ttl` in minutes, server default 6).
    public static func requestPhoneNumberChange(mobilePhoneNumber: String, ttl: Int? = nil, validateToken: String? = nil, in app: LCApplication) async throws {
        var extra = JSONObject()
        if let ttl { extra["ttl"] = .number(Double(ttl)) }
        try await post("/1.1/requestChangePhoneNumber", mobilePhoneNumber, validateToken, extra, app)
    }

    /// Moves the current user to the number with the code of `requestPhoneNumberChange`.
    public static func changePhoneNumber(mobilePhoneNumber: String, code: String, in app: LCApplication) async throws {
        _ = try await app.request("POST", "/1.1/changePhoneNumber",
                                  body: ["mobilePhoneNumber": .string(mobilePhoneNumber), "code": .string(code)])
    }

    private static func post(_ path: String, _ number: String, _ validateToken: String?, _ extra: JSONObject, _ app: LCApplication) async throws {
        var body = extra
        body["mobilePhoneNumber"] = .string(number)
        if let validateToken { body["validate_token"] = .string(validateToken) }
        _ = try await app.request("POST", path, body: .object(body))
    }
}
