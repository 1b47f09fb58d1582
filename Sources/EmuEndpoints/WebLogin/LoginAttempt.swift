import EmuCrypto
import EmuData
import EmuRouting
import EmuSQLite
import LCWire

/// The checks of `POST /api/login` (login-flows.md §2 step 3), in order: captcha when required,
/// then account, then password. Failed credentials count against the session and the account;
/// a success clears both counts, and a wrong password also counts towards the log-in lockout
/// shared with `/1.1/login` (`LoginThrottle`). The checks run twice: once in a read, to find the
/// password to verify outside any transaction, then for real in the handler's write.
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

    /// The account whose password this attempt reaches, without side effects (read phase): the
    /// handler verifies that password outside any transaction, then calls `run(verdict:in:)`.
    static func accountToVerify(_ web: WebRequest, in db: Database) throws -> ObjectRecord? {
        let session = try web.session(in: db)
        try web.checkCSRF(session)
        var probe = LoginAttempt(web: web, session: session)  // its session changes stay in memory
        guard case .success(let account) = try probe.reachPassword(in: db) else { return nil }
        return account
    }

    /// The user when every check passes; otherwise the failure to answer, with the counts
    /// already updated in `session` and the database (the caller saves `session`). `verdict` is
    /// the password verified outside the transaction; none, or a stale one (the account or its
    /// password changed while the hash ran), is a wrong password that is not counted.
    mutating func run(verdict: PasswordVerdict?, in db: Database) throws -> Result<ObjectRecord, WebLoginFailure> {
        let account: ObjectRecord
        switch try reachPassword(in: db) {
        case .failure(let failure): return .failure(failure)
        case .success(let reached): account = reached
        }
        guard let verdict, verdict.holds(for: account) else { return .failure(.wrongPassword) }
        // The same throttle as /1.1/login (spec §5.4): a lock that appeared meanwhile still wins.
        switch try LoginThrottle.settle(userId: account.objectId, matches: verdict.matches, now: web.now, in: db) {
        case .locked:
            return .failure(.locked)
        case .wrongPassword:
            session?.failures += 1
            try AccountFailures.increment(account.objectId, in: db)
            return .failure(.wrongPassword)
        case .loggedIn:
            session?.failures = 0
            try AccountFailures.clear(account.objectId, in: db)
            return .success(account)
        }
    }

    /// The checks before the password: captcha, account, password present, lockout. Writes
    /// nothing to the database; changes only `session` (captcha spent, failures, last account).
    private mutating func reachPassword(in db: Database) throws -> Result<ObjectRecord, WebLoginFailure> {
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
        guard !web.field("password").isEmpty else { return .failure(.passwordMissing) }
        guard let account else {
            session?.failures += 1
            return .failure(.unknownAccount)
        }
        // Locked: refused before any hash, and not counted (as /1.1/login).
        if try LoginThrottle.isLocked(userId: account.objectId, now: web.now, in: db) { return .failure(.locked) }
        return .success(account)
    }
}

// MARK: - Finding the account a log-in names

/// Finds `_User` rows for the cookie-session and OAuth log-ins, which name a user by user name,
/// email or phone number in one field (login-flows.md §2 `email`, §3 `username`).
enum UserLookup {
    /// The user whose `username`, `email` or `mobilePhoneNumber` is `login`, in that order of
    /// preference: one `UserStore` look-up per field, each on its index of `user_keys`.
    static func find(login: String, in db: Database) throws -> ObjectRecord? {
        guard !login.isEmpty else { return nil }
        for field in [LCFieldName.username, LCFieldName.email, LCFieldName.mobilePhoneNumber] {
            if let user = try UserStore.user(where: field, equals: login, in: db) { return user }
        }
        return nil
    }

    /// The user as `/api` answers it: the rendered `_User` (never a password).
    static func rendered(_ record: ObjectRecord, in db: Database) throws -> JSON {
        .object(try ObjectRenderer.wireForm(record, in: db))
    }
}
