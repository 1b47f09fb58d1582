import LCWire

/// The captcha and SMS part of an app's `options` (docs/captcha-sms.md). Every member is
/// optional in the config file; the computed properties give the emulator's defaults.
public struct MessageOptions: Sendable, Equatable {
    /// `captchaEnabled` (default true): false → `requestCaptcha` answers 119 to clients.
    public var captchaEnabled: Bool?
    /// `captchaFixedCode`: every captcha has this answer (pictures show it), for scripted tests.
    public var captchaFixedCode: String?
    /// `requireCaptchaForSms` (default false): SMS requests without `validate_token` → 608.
    public var requireCaptchaForSms: Bool?
    /// `genericSmsEnabled` (default true, unlike the console): false → requestSmsCode and
    /// verifySmsCode answer 119 to clients; the master key still works.
    public var genericSmsEnabled: Bool?
    /// `fixedSmsCodes`: test numbers (any accepted form) and the six-digit code they always get.
    public var fixedSmsCodes: [String: String]?
    /// `smsRateLimits` (default true): false lifts the 10-second and daily limits.
    public var smsRateLimits: Bool?
    /// `requireVerifiedPhoneForSmsLogin` (default false): `requestLoginSmsCode` for a user whose
    /// number is not verified → 215.
    public var requireVerifiedPhoneForSmsLogin: Bool?

    public init() {}

    public var isCaptchaEnabled: Bool { captchaEnabled ?? true }
    public var requiresCaptchaForSms: Bool { requireCaptchaForSms ?? false }
    public var isGenericSmsEnabled: Bool { genericSmsEnabled ?? true }
    public var enforcesSmsRateLimits: Bool { smsRateLimits ?? true }
    public var requiresVerifiedPhoneForSmsLogin: Bool { requireVerifiedPhoneForSmsLogin ?? false }

    /// The fixed code of a number, by its E.164 form.
    public func fixedSmsCode(for phone: PhoneNumber) -> String? { fixedSmsCodes?[phone.e164] }
}

extension MessageOptions {
    static let fields: [AppOptions.Field] = [
        AppOptions.Field(key: "captchaEnabled") { $0.messages.captchaEnabled = try ConfigValue.bool($1) },
        AppOptions.Field(key: "captchaFixedCode") { options, value in
            // Only characters the captcha font draws, so the picture shows the fixed answer.
            let code = try ConfigValue.string(value).uppercased()
            guard (1...12).contains(code.count), code.allSatisfy({ CaptchaFont.alphabet.contains($0) }) else {
                throw ConfigurationError("expected 1 to 12 characters of \(CaptchaFont.alphabet), got \(value.jsonString)")
            }
            options.messages.captchaFixedCode = code
        },
        AppOptions.Field(key: "requireCaptchaForSms") { $0.messages.requireCaptchaForSms = try ConfigValue.bool($1) },
        AppOptions.Field(key: "genericSmsEnabled") { $0.messages.genericSmsEnabled = try ConfigValue.bool($1) },
        AppOptions.Field(key: "fixedSmsCodes") { options, value in
            var codes: [String: String] = [:]
            for (number, code) in try ConfigValue.object(value) {
                guard let phone = PhoneNumber(number) else { throw ConfigurationError("'\(number)' is not a mobile phone number") }
                guard let text = code.stringValue, text.count == 6, text.allSatisfy(\.isASCIIDigit) else {
                    throw ConfigurationError("the code of '\(number)' must be six digits, got \(code.jsonString)")
                }
                codes[phone.e164] = text
            }
            options.messages.fixedSmsCodes = codes
        },
        AppOptions.Field(key: "smsRateLimits") { $0.messages.smsRateLimits = try ConfigValue.bool($1) },
        AppOptions.Field(key: "requireVerifiedPhoneForSmsLogin") {
            $0.messages.requireVerifiedPhoneForSmsLogin = try ConfigValue.bool($1)
        },
    ]
}

extension ConfigValue {
    static func bool(_ value: JSON) throws -> Bool {
        guard let flag = value.boolValue else { throw ConfigurationError("expected true or false, got \(value.jsonString)") }
        return flag
    }
}
