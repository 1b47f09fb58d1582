import EmuCrypto
import EmuSQLite
import Primitives

/// The `oauth_tokens` table: one access token and its refresh token per grant, bound to the
/// user's LeanCloud session token, so that ending that session (password reset,
/// `refreshSessionToken`, expiry) ends them too.
package enum OAuthTokenStore {
    /// What a grant answers.
    package struct Grant: Sendable, Equatable {
        package var accessToken: String
        package var refreshToken: String
        package var expiresIn: Int
    }

    /// Refresh tokens live 30 days unless used (a use replaces them).
    static let refreshLifetime: Int64 = 30 * 24 * 3600 * 1000

    /// A new token pair for the user's `session`; `expiresIn` in seconds.
    package static func issue(userId: String, session: String, now: Int64, expiresIn: Int, in db: Database) throws -> Grant {
        let grant = Grant(accessToken: newToken(), refreshToken: newToken(), expiresIn: expiresIn)
        try db.execute("DELETE FROM oauth_tokens WHERE refresh_expires_at <= ?", [.integer(now)])
        try db.execute("""
            INSERT INTO oauth_tokens (access_token, refresh_token, user_id, session_token, created_at, expires_at,
                refresh_expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(grant.accessToken), .text(grant.refreshToken), .text(userId), .text(session), .integer(now),
                  .integer(now + Int64(expiresIn) * 1000), .integer(now + refreshLifetime)])
        return grant
    }

    /// The session token a live access token stands for; nil when the access token is unknown or
    /// expired (by the app clock), or its session has ended.
    package static func session(accessToken: String, now: Int64, in db: Database) throws -> String? {
        guard !accessToken.isEmpty else { return nil }
        let rows = try db.query("SELECT user_id, session_token, expires_at FROM oauth_tokens WHERE access_token = ?",
                                [.text(accessToken)])
        guard let row = rows.first, let expiresAt = row[2].int64Value, expiresAt > now else { return nil }
        return try liveSession(row[1].textValue, of: row[0].textValue, now: now, in: db)
    }

    /// Uses a refresh token up: its row (and so its access token) is deleted. The user when the
    /// refresh token and its session were live.
    package static func redeem(refreshToken: String, now: Int64, in db: Database) throws -> String? {
        guard !refreshToken.isEmpty else { return nil }
        let rows = try db.query("SELECT user_id, session_token, refresh_expires_at FROM oauth_tokens WHERE refresh_token = ?",
                                [.text(refreshToken)])
        guard let row = rows.first else { return nil }
        try db.execute("DELETE FROM oauth_tokens WHERE refresh_token = ?", [.text(refreshToken)])
        guard let expiresAt = row[2].int64Value, expiresAt > now,
              try liveSession(row[1].textValue, of: row[0].textValue, now: now, in: db) != nil else { return nil }
        return row[0].textValue
    }

    /// `session` when it is still a live session of `userId`.
    private static func liveSession(_ session: String?, of userId: String?, now: Int64, in db: Database) throws -> String? {
        guard let session, let userId, try SessionStore.userId(forToken: session, now: now, in: db) == userId else { return nil }
        return session
    }

    /// 40 lowercase hex digits from the secure random source.
    static func newToken() -> String { Hex.encode(SecureRandom.bytes(20)) }
}
