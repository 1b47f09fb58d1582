/// Every LeanCloud request header name (spec §1.2), with the legacy aliases and the order in
/// which to look them up.
///
/// `X-LC-*` comes first and wins, as in LeanCloud's own header parser; then the
/// `X-AVOSCloud-*` and `X-Uluru-*` aliases. Header names compare case-insensitively; these are
/// the canonical spellings.
///
/// ```swift
/// let appId = LCHeaderName.firstValue(of: LCHeaderName.appIdCandidates) { request.headers[$0] }
/// ```
public enum LCHeaderName {
    /// App ID, required on every request.
    public static let id = "X-LC-Id"
    /// App key, or `<MasterKey>,master`.
    public static let key = "X-LC-Key"
    /// `<md5>,<timestamp>[,master]`, the signed alternative to `X-LC-Key` (§1.3).
    public static let sign = "X-LC-Sign"
    /// The logged-in user's session token.
    public static let session = "X-LC-Session"
    /// `1` production (default), `0` staging.
    public static let prod = "X-LC-Prod"
    /// LeanEngine hook key.
    public static let hookKey = "X-LC-Hook-Key"
    /// The browser JS SDK's user agent.
    public static let userAgent = "X-LC-UA"
    /// Request body type.
    public static let contentType = "Content-Type"

    /// Legacy app ID.
    public static let avosApplicationId = "X-AVOSCloud-Application-Id"
    /// Legacy app ID.
    public static let uluruApplicationId = "X-Uluru-Application-Id"
    /// Legacy app key (the `,master` suffix works here too).
    public static let avosApplicationKey = "X-AVOSCloud-Application-Key"
    /// Legacy app key.
    public static let uluruApplicationKey = "X-Uluru-Application-Key"
    /// Legacy master key, sent bare in its own header.
    public static let avosMasterKey = "X-AVOSCloud-Master-Key"
    /// Legacy master key, sent bare in its own header.
    public static let uluruMasterKey = "X-Uluru-Master-Key"
    /// Legacy signature.
    public static let avosRequestSign = "X-AVOSCloud-Request-Sign"
    /// Legacy session token.
    public static let avosSessionToken = "X-AVOSCloud-Session-Token"
    /// Legacy session token.
    public static let uluruSessionToken = "X-Uluru-Session-Token"
    /// Legacy production flag.
    public static let avosApplicationProduction = "X-AVOSCloud-Application-Production"
    /// Legacy production flag.
    public static let uluruApplicationProduction = "X-Uluru-Application-Production"
    /// Legacy SDK version.
    public static let avosClientVersion = "X-AVOSCloud-Client-Version"
    /// Legacy SDK version.
    public static let uluruClientVersion = "X-Uluru-Client-Version"
    /// Legacy super key, listed only in the CORS allow-list.
    public static let avosSuperKey = "X-AVOSCloud-Super-Key"
    /// Sent by browser XHR libraries.
    public static let requestedWith = "X-Requested-With"
    /// The cookie-session API's CSRF token, echoed from the `XSRF-TOKEN` cookie (login-flows.md §2).
    public static let xsrfToken = "X-XSRF-TOKEN"

    /// Emulator-only response header carrying `LCAuthFailure.reason` next to a 401; not a
    /// LeanCloud header, so real clients ignore it.
    public static let authDiagnostic = "X-LCEmu-Auth-Error"
}
