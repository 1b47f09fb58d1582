import LCWire

/// Per-app settings: the `options` object of an app in the `--config` file
/// (docs/configuration.md). Every field is optional; nil means "use the emulator-wide default".
///
/// To add a setting: add a field here and one entry to `AppOptions.fields`
/// (below, under "Parsing"); unknown keys stay errors, so typos in config files are caught.
public struct AppOptions: Sendable, Equatable {
    /// Window in seconds for `X-LC-Sign` timestamps (spec §1.3 documents none). nil inherits
    /// `--sign-max-skew`; 0 turns the window off for this app even when `--sign-max-skew` is set.
    public var signMaxSkewSeconds: Double?
    /// Class-level permissions (spec §6.3, docs/access-control.md); empty = LeanCloud's defaults.
    public var classPermissions = ClassPermissions()
    /// Read-only and client-invisible fields (spec §6.3, docs/access-control.md); empty = none.
    public var fieldPermissions = FieldPermissions()
    /// The app setting "include ACL in query results": `returnACL=true` is honoured only when on
    /// (spec §3.1, §6.2). Off by default.
    public var returnACL = false
    /// Captcha and SMS settings (docs/captcha-sms.md); nil = the emulator's default.
    public var messages = MessageOptions()
    /// Seconds a new session token lives (docs/users.md); nil = tokens never expire, as on the
    /// real service by default (spec §5.2).
    public var sessionLifetime: Double?
    /// Cookie-session and OAuth log-in settings (docs/web-login.md); nil = the emulator's default.
    public var webLogin = WebLoginOptions()

    public init(signMaxSkewSeconds: Double? = nil, sessionLifetime: Double? = nil) {
        self.signMaxSkewSeconds = signMaxSkewSeconds
        self.sessionLifetime = sessionLifetime
    }

    /// The signature window in milliseconds for this app, given the emulator-wide one; nil = none.
    public func signMaxSkewMilliseconds(inheriting global: Int64?) -> Int64? {
        guard let signMaxSkewSeconds else { return global }
        return Self.milliseconds(seconds: signMaxSkewSeconds)
    }

    /// Seconds to a window in milliseconds; nil, zero or negative mean no window.
    public static func milliseconds(seconds: Double?) -> Int64? {
        guard let seconds, seconds > 0, seconds.isFinite else { return nil }
        return Int64((seconds * 1000).rounded())
    }
}

// MARK: - Parsing

extension AppOptions {
    /// One key of the `options` object and how its value is read into the struct.
    struct Field: Sendable {
        let key: String
        let read: @Sendable (inout AppOptions, JSON) throws -> Void
    }

    /// Every key `options` may hold. A later setting adds one entry here.
    static let fields: [Field] = [
        Field(key: "signMaxSkewSeconds") { options, value in
            options.signMaxSkewSeconds = try ConfigValue.seconds(value, allowZero: true)
        },
        Field(key: "classPermissions") { options, value in
            options.classPermissions = try ClassPermissions(json: value)
        },
        Field(key: "fieldPermissions") { options, value in
            options.fieldPermissions = try FieldPermissions(json: value)
        },
        Field(key: "returnACL") { options, value in
            guard let flag = value.boolValue else { throw ConfigurationError("expected true or false, got \(value.jsonString)") }
            options.returnACL = flag
        },
    ] + MessageOptions.fields + WebLoginOptions.fields + [
        Field(key: "sessionLifetime") { options, value in
            // Longer than the signature window's one-day cap: sessions live weeks (a year at most).
            guard case .number(let seconds) = value, seconds.isFinite, seconds > 0, seconds <= 31_536_000 else {
                throw ConfigurationError("expected seconds, more than 0 and at most 31536000, got \(value.jsonString)")
            }
            options.sessionLifetime = seconds
        },
    ]

    /// The names of the known keys, for error messages.
    public static var knownKeys: [String] { fields.map(\.key) }

    /// Reads an `options` object; an unknown key or a wrong value is an error naming the key.
    public init(json: JSONObject) throws {
        self.init()
        for (key, value) in json {
            guard let field = Self.fields.first(where: { $0.key == key }) else {
                throw ConfigurationError("unknown option '\(key)' (known: \(Self.knownKeys.joined(separator: ", ")))")
            }
            do {
                try field.read(&self, value)
            } catch let error as ConfigurationError {
                throw error.at(key)
            }
        }
    }
}

// MARK: - MessageOptions

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

// MARK: - WebLoginOptions

/// The cookie-session (`/api`) and OAuth (`/oauth`) part of an app's `options`
/// (docs/web-login.md). Every member is optional in the config file; the computed properties
/// give the emulator's defaults.
public struct WebLoginOptions: Sendable, Equatable {
    /// `webLoginCaptchaThreshold` (default 3): failed log-ins, in one session or for one account,
    /// after which `/api/captcha/login` answers true and `/api/login` needs `j_captcha`. 0 = always.
    public var captchaThreshold: Int?
    /// `webLoginPitfall` (default true): a `/api/login` without a session cookie from
    /// `/api/captcha/login` answers success, yet its `sid` is unknown to every later call.
    public var pitfall: Bool?
    /// `webLoginCsrf` (default true): POSTs of a known session need `X-XSRF-TOKEN` (801).
    public var csrf: Bool?
    /// `webLoginTwoFactor` (default false): a correct password answers 3205; the six-digit code
    /// goes to the outbox and is posted to `/api/check_two_factor_auth_code`.
    public var twoFactor: Bool?
    /// `webLoginTwoFactorCode`: the two-factor code is always this one (six digits).
    public var twoFactorCode: String?
    /// `oauthExpiresIn` (default 3600): seconds an OAuth access token lives.
    public var oauthExpiresIn: Int?

    public init() {}

    public var captchaFailureThreshold: Int { captchaThreshold ?? 3 }
    public var isPitfallOn: Bool { pitfall ?? true }
    public var checksCSRF: Bool { csrf ?? true }
    public var requiresTwoFactor: Bool { twoFactor ?? false }
    public var accessTokenSeconds: Int { oauthExpiresIn ?? 3600 }
}

extension WebLoginOptions {
    static let fields: [AppOptions.Field] = [
        AppOptions.Field(key: "webLoginCaptchaThreshold") { options, value in
            options.webLogin.captchaThreshold = try integer(value, in: 0...1000)
        },
        AppOptions.Field(key: "webLoginPitfall") { $0.webLogin.pitfall = try flag($1) },
        AppOptions.Field(key: "webLoginCsrf") { $0.webLogin.csrf = try flag($1) },
        AppOptions.Field(key: "webLoginTwoFactor") { $0.webLogin.twoFactor = try flag($1) },
        AppOptions.Field(key: "webLoginTwoFactorCode") { options, value in
            guard let code = value.stringValue, code.count == 6, code.utf8.allSatisfy({ (48...57).contains($0) }) else {
                throw ConfigurationError("expected six digits, got \(value.jsonString)")
            }
            options.webLogin.twoFactorCode = code
        },
        AppOptions.Field(key: "oauthExpiresIn") { options, value in
            options.webLogin.oauthExpiresIn = try integer(value, in: 1...31_536_000)
        },
    ]

    private static func flag(_ value: JSON) throws -> Bool {
        guard let flag = value.boolValue else { throw ConfigurationError("expected true or false, got \(value.jsonString)") }
        return flag
    }

    private static func integer(_ value: JSON, in range: ClosedRange<Int>) throws -> Int {
        guard case .number(let number) = value, number.isFinite, number == number.rounded(),
              let integer = Int(exactly: number), range.contains(integer) else {
            throw ConfigurationError("expected an integer from \(range.lowerBound) to \(range.upperBound), got \(value.jsonString)")
        }
        return integer
    }
}

extension WebLoginOptions {
    /// The config keys of these options, in order.
    public static var knownKeys: [String] { fields.map(\.key) }
}
