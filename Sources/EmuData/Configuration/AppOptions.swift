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
    /// `webLoginCsrf` (default `"browser"`): which POSTs of a known session need `X-XSRF-TOKEN` (801).
    public var csrf: CSRFMode?
    /// `webLoginTwoFactor` (default false): a correct password answers 3205; the six-digit code
    /// goes to the outbox and is posted to `/api/check_two_factor_auth_code`.
    public var twoFactor: Bool?
    /// `webLoginTwoFactorCode`: the two-factor code is always this one (six digits).
    public var twoFactorCode: String?
    /// `oauthExpiresIn` (default 3600): seconds an OAuth access token lives.
    public var oauthExpiresIn: Int?
    /// `mounts`: where the two flows answer (default `/oauth` and `/api`; null = off).
    public var mounts = FlowMounts()

    public init() {}

    public var captchaFailureThreshold: Int { captchaThreshold ?? 3 }
    public var isPitfallOn: Bool { pitfall ?? true }
    public var csrfMode: CSRFMode { csrf ?? .browser }
    public var requiresTwoFactor: Bool { twoFactor ?? false }
    public var accessTokenSeconds: Int { oauthExpiresIn ?? 3600 }
}

extension WebLoginOptions {
    static let fields: [AppOptions.Field] = [
        AppOptions.Field(key: "webLoginCaptchaThreshold") { options, value in
            options.webLogin.captchaThreshold = try integer(value, in: 0...1000)
        },
        AppOptions.Field(key: "webLoginPitfall") { $0.webLogin.pitfall = try flag($1) },
        AppOptions.Field(key: "webLoginCsrf") { options, value in
            switch value {
            case .bool(true): options.webLogin.csrf = .always
            case .bool(false): options.webLogin.csrf = .never
            case .string("browser"): options.webLogin.csrf = .browser
            default: throw ConfigurationError("expected true, false or \"browser\", got \(value.jsonString)")
            }
        },
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
        AppOptions.Field(key: "mounts") { options, value in
            options.webLogin.mounts = try FlowMounts(json: value)
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

// MARK: - CSRF

extension WebLoginOptions {
    /// Which `/api` POSTs of a live session must echo the session's `X-XSRF-TOKEN` (801 when not).
    /// CSRF is an attack through a browser: a page of another origin makes the developer's browser
    /// post to `/api` with the session cookie it holds. Native clients (AFNetworking, URLSession,
    /// OkHttp) never echo the token, and the real service let them in without it.
    public enum CSRFMode: String, Sendable, Equatable {
        /// `true`: every POST of a live session is checked.
        case always
        /// `false`: none is.
        case never
        /// `"browser"` (the default): the POSTs a browser sent, which carry `Origin` or
        /// `Sec-Fetch-Site` (headers a page cannot set nor remove, and that no native client sends)
        /// are checked; the others are not (docs/web-login.md, "CSRF and native clients").
        case browser
    }
}

// MARK: - Mounts

/// Where the two built-in log-in flows answer (`options.mounts`, docs/web-login.md): a path
/// prefix each, or nil when the flow is off. An app mounts them to put its log-in under the same
/// base URL as its data (`/oauth/access_token` beside custom routes at `/users/me`, or the
/// cookie flow at `/v2/api/login`). A flow answers at its mount only: when the mount is not the
/// canonical prefix, the canonical paths are not found (one surface per flow).
public struct FlowMounts: Sendable, Equatable {
    public static let canonicalOAuth = "/oauth"
    public static let canonicalWebLogin = "/api"

    /// The prefix of `access_token`; nil = the OAuth flow is off.
    public var oauth: String? = canonicalOAuth
    /// The prefix of the six cookie-session endpoints; nil = the flow is off.
    public var webLogin: String? = canonicalWebLogin

    public init(oauth: String? = canonicalOAuth, webLogin: String? = canonicalWebLogin) {
        self.oauth = oauth
        self.webLogin = webLogin
    }

    /// True when both flows answer at their canonical prefixes (no rewriting to do).
    public var isCanonical: Bool { oauth == Self.canonicalOAuth && webLogin == Self.canonicalWebLogin }

    /// Reads `{"oauth": "/p" | null, "webLogin": "/p" | null}`; an absent key keeps the default.
    init(json: JSON) throws {
        guard case .object(let object) = json else {
            throw ConfigurationError("expected an object {\"oauth\", \"webLogin\"}, got \(json.jsonString)")
        }
        for (key, value) in object {
            let mount: String?
            do {
                mount = try Self.mount(value)
            } catch let error as ConfigurationError {
                throw error.at(key)
            }
            switch key {
            case "oauth": oauth = mount
            case "webLogin": webLogin = mount
            default: throw ConfigurationError("unknown mount '\(key)' (known: oauth, webLogin)")
            }
        }
        if let oauth, let webLogin, Self.overlap(oauth, webLogin) {
            throw ConfigurationError("the mounts of oauth (\(oauth)) and webLogin (\(webLogin)) overlap: give each its own prefix")
        }
    }

    /// Segments of unreserved URL characters (RFC 3986), none `.` or `..`; never the root, and
    /// never under `/1.1` (LeanCloud's API) or a `__` segment (`/__admin`, `/__auth`,
    /// `/__files`: the emulator's own surfaces), which a mount would shadow or reach into.
    static func mount(_ value: JSON) throws -> String? {
        if value.isNull { return nil }
        guard let path = value.stringValue else { throw ConfigurationError("expected a path such as \"/api\" or null, got \(value.jsonString)") }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        guard path.hasPrefix("/"), !segments.isEmpty, path.utf8.count <= 200,
              segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.utf8.allSatisfy(allowed.contains) }) else {
            throw ConfigurationError("expected a path of one or more segments of letters, digits, '-', '.', '_' or '~' (\"/api\", \"/v2/oauth\"), got \(value.jsonString)")
        }
        guard let first = segments.first, first != "1.1", !first.hasPrefix("__") else {
            throw ConfigurationError("\(path) is under /1.1 or an emulator path (/__admin, /__auth, /__files): choose another prefix")
        }
        return path
    }

    /// What a request path becomes under these mounts, segment by segment as the router reads
    /// paths (`//v2//api/x` is `/v2/api/x`).
    public enum Resolution: Equatable, Sendable {
        /// Not a path of a moved flow: routed as it is.
        case unchanged
        /// Under a flow's mount: routed as this canonical path (`/v2/api/login` → `/api/login`).
        case canonical(String)
        /// A canonical path of a flow this app moved or switched off: not found.
        case notFound
    }

    public func resolve(_ path: String) -> Resolution {
        if isCanonical { return .unchanged }
        let segments = path.split(separator: "/")
        for (mount, canonical) in [(oauth, Self.canonicalOAuth), (webLogin, Self.canonicalWebLogin)] where mount != canonical {
            if let mount, let rest = Self.remainder(of: segments, under: mount) {
                return .canonical(([canonical] + rest.map(String.init)).joined(separator: "/"))
            }
        }
        for (mount, canonical) in [(oauth, Self.canonicalOAuth), (webLogin, Self.canonicalWebLogin)] where mount != canonical {
            if Self.remainder(of: segments, under: canonical) != nil { return .notFound }
        }
        return .unchanged
    }

    /// The segments after `prefix`, when the path lies under it.
    private static func remainder(of segments: [Substring], under prefix: String) -> ArraySlice<Substring>? {
        let prefixSegments = prefix.split(separator: "/")
        guard segments.count >= prefixSegments.count, segments.starts(with: prefixSegments) else { return nil }
        return segments.dropFirst(prefixSegments.count)
    }

    /// One prefix equals the other or lies under it.
    static func overlap(_ a: String, _ b: String) -> Bool {
        a == b || a.hasPrefix(b + "/") || b.hasPrefix(a + "/")
    }
}
