import EmuCrypto
import EmuSQLite
import Primitives

/// One server-side session of the cookie flow (login-flows.md §2), named by its `sid` cookie.
package struct WebSession: Sendable, Equatable {
    package var sid: String
    /// The `XSRF-TOKEN` cookie value that state-changing requests echo in `X-XSRF-TOKEN`.
    package var xsrf: String
    /// The logged-in user; nil before log-in.
    package var userId: String?
    /// The answer of the last `/api/getCaptcha`; single use.
    package var captcha: String?
    /// Failed log-ins in this session.
    package var failures = 0
    /// The user the last log-in attempt named, whose own failure count `captcha/login` reports.
    package var lastAccount: String?
    /// A log-in waiting for its two-factor code.
    package var pendingUserId: String?
    package var pendingCode: String?
    package var pendingRemember = false
    /// Milliseconds of the app clock; the session is unknown from then on.
    package var expiresAt: Int64

    /// Server-side life of a session without `remember_me` (its cookie lasts as long as the browser).
    static let browserLifetime: Int64 = 24 * 3600 * 1000
    /// `remember_me=true`: the cookie's `Max-Age` and the server-side life.
    package static let rememberSeconds = 30 * 24 * 3600
}

/// The `web_sessions` table.
package enum WebSessionStore {
    private static let columns = """
        sid, xsrf, user_id, captcha, failures, last_account, pending_user_id, pending_code, pending_remember, expires_at
        """

    /// The live session named by `sid`; nil when unknown or expired (by the app clock).
    package static func find(sid: String?, now: Int64, in db: Database) throws -> WebSession? {
        guard let sid, !sid.isEmpty else { return nil }
        let rows = try db.query("SELECT \(columns) FROM web_sessions WHERE sid = ?", [.text(sid)])
        guard let row = rows.first, let expiresAt = row[9].int64Value, expiresAt > now else { return nil }
        return WebSession(
            sid: sid, xsrf: row[1].textValue ?? "", userId: row[2].textValue, captcha: row[3].textValue,
            failures: Int(row[4].int64Value ?? 0), lastAccount: row[5].textValue, pendingUserId: row[6].textValue,
            pendingCode: row[7].textValue, pendingRemember: row[8].int64Value == 1, expiresAt: expiresAt)
    }

    /// A new anonymous session with fresh random `sid` and CSRF token.
    package static func create(now: Int64, in db: Database) throws -> WebSession {
        let session = WebSession(sid: newToken(), xsrf: newToken(), expiresAt: now + WebSession.browserLifetime)
        try db.execute("DELETE FROM web_sessions WHERE expires_at <= ?", [.integer(now)])
        try db.execute("INSERT INTO web_sessions (sid, xsrf, created_at, expires_at) VALUES (?, ?, ?, ?)",
                       [.text(session.sid), .text(session.xsrf), .integer(now), .integer(session.expiresAt)])
        return session
    }

    /// Writes back every mutable column.
    package static func save(_ session: WebSession, in db: Database) throws {
        try db.execute("""
            UPDATE web_sessions SET user_id = ?, captcha = ?, failures = ?, last_account = ?, pending_user_id = ?,
                pending_code = ?, pending_remember = ?, expires_at = ? WHERE sid = ?
            """, [text(session.userId), text(session.captcha), .integer(Int64(session.failures)),
                  text(session.lastAccount), text(session.pendingUserId), text(session.pendingCode),
                  .integer(session.pendingRemember ? 1 : 0), .integer(session.expiresAt), .text(session.sid)])
    }

    package static func delete(sid: String, in db: Database) throws {
        try db.execute("DELETE FROM web_sessions WHERE sid = ?", [.text(sid)])
    }

    /// 32 lowercase hex digits from the secure random source: `sid`, CSRF tokens.
    package static func newToken() -> String { Hex.encode(SecureRandom.bytes(16)) }

    private static func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
}

// MARK: - Failures per account

/// Failed `/api` log-ins per account, across sessions (`web_login_failures`).
package enum AccountFailures {
    package static func count(of userId: String?, in db: Database) throws -> Int {
        guard let userId else { return 0 }
        return Int(try db.scalar("SELECT failures FROM web_login_failures WHERE user_id = ?", [.text(userId)])?.int64Value ?? 0)
    }

    package static func increment(_ userId: String, in db: Database) throws {
        try db.execute("""
            INSERT INTO web_login_failures (user_id, failures) VALUES (?, 1)
            ON CONFLICT (user_id) DO UPDATE SET failures = failures + 1
            """, [.text(userId)])
    }

    package static func clear(_ userId: String, in db: Database) throws {
        try db.execute("DELETE FROM web_login_failures WHERE user_id = ?", [.text(userId)])
    }
}
