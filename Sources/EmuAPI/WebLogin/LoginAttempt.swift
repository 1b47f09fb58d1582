import EmuCrypto
import EmuSQLite
import LCWire

/// The checks of `POST /api/login` (login-flows.md §2 step 3), in order: captcha when required,
/// then account, then password. Failed credentials count against the session and the account;
/// a success clears both counts. Runs inside the handler's write transaction.
struct LoginAttempt {
    let web: WebRequest
    /// nil in the pitfall: a log-in without a session from `/api/captcha/login`.
    var session: WebSession?

    /// True when the captcha is required: threshold 0, or as many failures in the session or for
    /// the account the session last tried as the threshold.
    static func captchaNeeded(_ session: WebSession?, account: String? = nil, web: WebRequest, in db: Database) throws -> Bool {
        let threshold = web.options.captchaFailureThreshold
        if threshold == 0 || (session?.failures ?? 0) >= threshold { return true }
        return try AccountFailures.count(of: account ?? session?.lastAccount, in: db) >= threshold
    }

    /// The user when every check passes; otherwise the failure to answer, with the counts
    /// already updated in `session` and the database (the caller saves `session`).
    mutating func run(in db: Database) throws -> Result<ObjectRecord, WebLoginFailure> {
        let login = web.field("email")
        let account = try UserLookup.find(login: login, in: db)
        if let id = account?.objectId { session?.lastAccount = id }
        if try Self.captchaNeeded(session, account: account?.objectId, web: web, in: db) {
            let given = web.field("j_captcha")
            guard !given.isEmpty else { return .failure(.captchaMissing) }
            let answer = session?.captcha
            session?.captcha = nil  // single use: a wrong guess needs a new picture
            guard let answer, WebCaptcha.matches(given, answer: answer) else { return .failure(.captchaWrong) }
        }
        guard !login.isEmpty else { return .failure(.accountMissing) }
        let password = web.field("password")
        guard !password.isEmpty else { return .failure(.passwordMissing) }
        guard let account else {
            session?.failures += 1
            return .failure(.unknownAccount)
        }
        guard WebPassword.verify(sha1Hex: password, fields: account.fields) else {
            session?.failures += 1
            try AccountFailures.increment(account.objectId, in: db)
            return .failure(.wrongPassword)
        }
        session?.failures = 0
        try AccountFailures.clear(account.objectId, in: db)
        return .success(account)
    }
}
