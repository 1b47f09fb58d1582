import EmuCrypto
import EmuSQLite
import LCWire
import Primitives

/// Captchas and the validate tokens that solving one earns (tables `captchas`,
/// `validate_tokens`, migration `messages-v1`). Both are single-use; times are emulator ms.
package enum CaptchaStore {
    /// One issued captcha.
    package struct Captcha: Equatable {
        package var token: String
        package var code: String
        package var width: Int
        package var height: Int
        var expiresAt: Int64

        package init(token: String, code: String, width: Int, height: Int, expiresAt: Int64) {
            self.token = token
            self.code = code
            self.width = width
            self.height = height
            self.expiresAt = expiresAt
        }
    }

    /// How long a validate token stays usable: spec §7.1 names none; ten minutes covers a
    /// person typing a phone number (docs/compatibility.md).
    static let validateTokenLifetime: Int64 = 10 * 60 * 1000

    package static let tokenAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    package static func insert(_ captcha: Captcha, in db: Database) throws {
        try db.execute("INSERT INTO captchas (token, code, width, height, expires_at) VALUES (?, ?, ?, ?, ?)",
                       [.text(captcha.token), .text(captcha.code), .integer(Int64(captcha.width)),
                        .integer(Int64(captcha.height)), .integer(captcha.expiresAt)])
    }

    /// A captcha that has not expired (used or not: its picture may still be on screen).
    package static func live(token: String, now: Int64, in db: Database) throws -> Captcha? {
        let rows = try db.query("SELECT code, width, height, expires_at FROM captchas WHERE token = ? AND expires_at > ?",
                                [.text(token), .integer(now)])
        return rows.first.map {
            Captcha(token: token, code: $0[0].textValue ?? "", width: Int($0[1].int64Value ?? 0),
                    height: Int($0[2].int64Value ?? 0), expiresAt: $0[3].int64Value ?? 0)
        }
    }

    /// Checks an answer (case-insensitive) and spends the captcha whatever the outcome, so a
    /// script cannot try answers one after another. A right answer earns a validate token.
    package static func solve(token: String, answer: String, now: Int64, in db: Database) throws -> String? {
        let rows = try db.query("SELECT code FROM captchas WHERE token = ? AND used = 0 AND expires_at > ?",
                                [.text(token), .integer(now)])
        guard let code = rows.first?[0].textValue else { return nil }
        try db.execute("UPDATE captchas SET used = 1 WHERE token = ?", [.text(token)])
        // Case-insensitive, so the normalised forms are compared, in constant time.
        guard ConstantTime.equals(code.uppercased(), answer.uppercased()) else { return nil }
        let validateToken = SecureRandom.string(length: 32, alphabet: tokenAlphabet)
        try db.execute("INSERT INTO validate_tokens (token, expires_at) VALUES (?, ?)",
                       [.text(validateToken), .integer(now + validateTokenLifetime)])
        return validateToken
    }

    /// Spends a validate token; false when it is unknown, used or expired.
    package static func consumeValidateToken(_ token: String, now: Int64, in db: Database) throws -> Bool {
        try db.execute("UPDATE validate_tokens SET used = 1 WHERE token = ? AND used = 0 AND expires_at > ?",
                       [.text(token), .integer(now)])
        return db.changes > 0
    }

    /// Drops expired rows so the tables stay small.
    package static func purge(now: Int64, in db: Database) throws {
        try db.execute("DELETE FROM captchas WHERE expires_at <= ?", [.integer(now)])
        try db.execute("DELETE FROM validate_tokens WHERE expires_at <= ?", [.integer(now)])
    }
}

/// Captcha errors the LeanCloud table leaves open (spec §7.1); code 1 is the table's catch-all
/// for bad parameters (docs/compatibility.md, "Captcha and SMS").
extension LCErrorCode {
    /// Wrong, expired or used captcha code or token.
    package static let invalidCaptchaCode = LCErrorCode(code: 1, message: "Invalid captcha code.", httpStatus: 400)

    /// A `validate_token` that verifyCaptcha never issued, was already used, or expired.
    package static let invalidValidateToken = LCErrorCode(code: 1, message: "Invalid validate token.", httpStatus: 400)
}
