/// Per-app settings: the `options` object of an app in the `--config` file
/// (docs/configuration.md). Every field is optional; nil means "use the emulator-wide default".
///
/// To add a setting: add a field here and one entry to `AppOptions.fields`
/// (`AppOptions+Parsing.swift`); unknown keys stay errors, so typos in config files are caught.
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
