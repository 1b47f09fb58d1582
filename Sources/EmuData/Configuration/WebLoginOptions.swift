import LCWire

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
