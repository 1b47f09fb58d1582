import EmuCrypto
import EmuSQLite

/// The single-use links the email flows send (spec §5.9), in `user_links`: a password reset
/// link lives one hour, an email verification link one week. A link names the user and the
/// email it was sent to; it stops working once used, once expired, or when the user's email
/// has changed since.
package enum UserLinks {
    package enum Purpose: String, Sendable {
        case resetPassword
        case verifyEmail

        /// Milliseconds a link lives.
        var lifetime: Int64 {
            switch self {
            case .resetPassword: return 60 * 60 * 1000
            case .verifyEmail: return 7 * 24 * 60 * 60 * 1000
            }
        }

        /// The path segment of the link: `/__auth/<appId>/<segment>/<token>`.
        package var pathSegment: String {
            switch self {
            case .resetPassword: return "reset"
            case .verifyEmail: return "verify"
            }
        }
    }

    /// Link tokens: 32 of `[0-9a-z]`, about 165 bits, from the secure RNG.
    static let tokenLength = 32

    /// A new link token for the user.
    package static func issue(_ purpose: Purpose, userId: String, email: String, now: Int64, in db: Database) throws -> String {
        let token = SecureRandom.string(length: tokenLength, alphabet: SessionToken.alphabet)
        try db.execute("DELETE FROM user_links WHERE expires_at <= ?", [.integer(now)])
        try db.execute("INSERT INTO user_links (token, purpose, user_id, email, expires_at) VALUES (?, ?, ?, ?, ?)",
                       [.text(token), .text(purpose.rawValue), .text(userId), .text(email),
                        .integer(now + purpose.lifetime)])
        return token
    }

    /// The user a live link of `purpose` belongs to, when its email is still the user's; nil
    /// otherwise. Looked up through the primary-key index, never compared byte by byte.
    package static func user(for token: String, _ purpose: Purpose, now: Int64, in db: Database) throws -> ObjectRecord? {
        guard token.utf8.count == tokenLength else { return nil }
        let rows = try db.query("SELECT user_id, email, expires_at FROM user_links WHERE token = ? AND purpose = ?",
                                [.text(token), .text(purpose.rawValue)])
        guard let row = rows.first, let userId = row[0].textValue, let expiresAt = row[2].int64Value,
              expiresAt > now, let user = try UserStore.fetch(userId, in: db),
              user.fields["email"]?.stringValue == row[1].textValue else { return nil }
        return user
    }

    /// Uses a link up.
    package static func consume(_ token: String, in db: Database) throws {
        try db.execute("DELETE FROM user_links WHERE token = ?", [.text(token)])
    }
}
