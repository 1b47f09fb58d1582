/// One server-side session of the cookie flow (login-flows.md §2), named by its `sid` cookie.
struct WebSession: Sendable, Equatable {
    var sid: String
    /// The `XSRF-TOKEN` cookie value that state-changing requests echo in `X-XSRF-TOKEN`.
    var xsrf: String
    /// The logged-in user; nil before log-in.
    var userId: String?
    /// The answer of the last `/api/getCaptcha`; single use.
    var captcha: String?
    /// Failed log-ins in this session.
    var failures = 0
    /// The user the last log-in attempt named, whose own failure count `captcha/login` reports.
    var lastAccount: String?
    /// A log-in waiting for its two-factor code.
    var pendingUserId: String?
    var pendingCode: String?
    var pendingRemember = false
    /// Milliseconds of the app clock; the session is unknown from then on.
    var expiresAt: Int64

    /// Server-side life of a session without `remember_me` (its cookie lasts as long as the browser).
    static let browserLifetime: Int64 = 24 * 3600 * 1000
    /// `remember_me=true`: the cookie's `Max-Age` and the server-side life.
    static let rememberSeconds = 30 * 24 * 3600
}
