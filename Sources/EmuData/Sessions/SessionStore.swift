import EmuCrypto
import EmuSQLite
import LCWire

/// Session tokens (`sessions` table). LeanCloud keeps one token per user, stable across log-ins
/// until it is refreshed, the password is reset, or (with a lifetime configured) it expires
/// (spec §5.2), so `user_id` is unique.
package enum SessionStore {
    /// A live session.
    struct Session: Equatable {
        var token: String
        var userId: String
        /// Milliseconds since 1970; nil = never expires (the real service's default).
        var expiresAt: Int64?
    }

    /// The user's live token, or a new one when it has none or it expired.
    /// - Parameter lifetime: milliseconds a new token lives; nil = no expiry.
    package static func tokenForLogIn(userId: String, now: Int64, lifetime: Int64?, in db: Database) throws -> String {
        if let existing = try session(ofUser: userId, in: db), existing.expiresAt.map({ $0 > now }) ?? true {
            return existing.token
        }
        return try replaceToken(userId: userId, now: now, lifetime: lifetime, in: db)
    }

    /// A new token for the user; any previous one stops working (refreshSessionToken, reset).
    package static func replaceToken(userId: String, now: Int64, lifetime: Int64?, in db: Database) throws -> String {
        let token = SessionToken.generate()
        try db.execute("DELETE FROM sessions WHERE user_id = ?", [.text(userId)])
        try db.execute("INSERT INTO sessions (token, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                       [.text(token), .text(userId), .integer(now), lifetime.map { .integer(now + $0) } ?? .null])
        return token
    }

    /// The user a live token belongs to; nil for an unknown, revoked or expired token.
    /// The lookup goes through the primary-key index, never a byte-by-byte comparison in Swift.
    package static func userId(forToken token: String, now: Int64, in db: Database) throws -> String? {
        guard token.utf8.count == SessionToken.length else { return nil }
        let rows = try db.query("SELECT user_id, expires_at FROM sessions WHERE token = ?", [.text(token)])
        guard let row = rows.first else { return nil }
        if let expiresAt = row[1].int64Value, expiresAt <= now { return nil }
        return row[0].textValue
    }

    static func session(ofUser userId: String, in db: Database) throws -> Session? {
        try db.query("SELECT token, expires_at FROM sessions WHERE user_id = ?", [.text(userId)]).first.map {
            Session(token: $0[0].textValue ?? "", userId: userId, expiresAt: $0[1].int64Value)
        }
    }

    /// Ends every session of the user (deleted user, password reset).
    package static func revoke(userId: String, in db: Database) throws {
        try db.execute("DELETE FROM sessions WHERE user_id = ?", [.text(userId)])
    }
}

extension AppRuntime {
    /// The live session token of `userId`, created as a log-in would (spec §5.2: one stable
    /// token per user). For tests and tools that act as a user without knowing the password.
    public func sessionToken(forUser userId: String) throws -> String {
        try database.write { db in
            try SessionStore.tokenForLogIn(userId: userId, now: clock.nowMilliseconds,
                                          lifetime: sessionLifetimeMilliseconds, in: db)
        }
    }
}

/// LeanCloud's session tokens: opaque bearer strings of 25 characters from `[0-9a-z]`.
enum SessionToken {
    /// The characters a token is made of: digits and lowercase letters.
    static let alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
    /// The length of a token. 25 characters of 36 carry about 129 bits of entropy.
    static let length = 25

    /// A new random token of `length` characters from `alphabet`, from the secure RNG.
    static func generate() -> String {
        SecureRandom.string(length: length, alphabet: alphabet)
    }
}
