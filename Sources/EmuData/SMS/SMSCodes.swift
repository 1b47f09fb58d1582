import EmuCrypto
import EmuSQLite
import LCWire

/// Six-digit codes sent by SMS or voice (table `sms_codes`, migration `messages-v1`), shared by
/// the generic flow (`requestSmsCode`, spec §7.2) and the user flows of §5.10. A code is
/// single-use and expires after its ttl on the emulator clock; rows outlive a restart.
package enum SMSCodes {
    /// How a code reaches the phone.
    package enum Channel: String, Sendable { case sms, voice }

    /// What `issue` sends.
    package struct Request: Sendable {
        package var phone: PhoneNumber
        /// `verify` (generic), `login`, `verifyPhone`, `resetPassword`, `changePhone`, …
        package var purpose: String
        package var channel: Channel = .sms
        /// Milliseconds the code stays valid (spec §7.2: default ten minutes).
        package var lifetime: Int64 = SMSCodes.defaultLifetime
        /// The user a code is for, when the flow has one (changePhoneNumber).
        var userId: String? = nil

        package init(phone: PhoneNumber, purpose: String, channel: Channel = .sms, lifetime: Int64 = SMSCodes.defaultLifetime,
                     userId: String? = nil) {
            self.phone = phone
            self.purpose = purpose
            self.channel = channel
            self.lifetime = lifetime
            self.userId = userId
        }
    }

    /// A code that `consume` accepted.
    package struct Record: Equatable, Sendable {
        var phone: String
        var purpose: String
        package var userId: String?
    }

    static let defaultLifetime: Int64 = 10 * 60 * 1000

    /// Checks the rate limits, stores a new code and returns it. `fixedCode` (a test number,
    /// `fixedSmsCodes`) is used as the code and skips the limits: nothing would be sent.
    /// - Throws: `APIError` 1 (10-second window) or 601 (per-minute or daily limit).
    package static func issue(_ request: Request, fixedCode: String?, enforceLimits: Bool, now: Int64, in db: Database) throws -> String {
        if enforceLimits && fixedCode == nil {
            try SMSRateLimits.check(phone: request.phone.e164, channel: request.channel, now: now, in: db)
        }
        // Rows older than every limit window and expired are of no more use.
        try db.execute("DELETE FROM sms_codes WHERE created_at < ? AND expires_at <= ?",
                       [.integer(now - SMSRateLimits.day), .integer(now)])
        let code = fixedCode ?? SecureRandom.string(length: 6, alphabet: "0123456789")
        try db.execute("""
            INSERT INTO sms_codes (phone, purpose, channel, code, user_id, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(request.phone.e164), .text(request.purpose), .text(request.channel.rawValue), .text(code),
                  request.userId.map { .text($0) } ?? .null, .integer(now), .integer(now + request.lifetime)])
        return code
    }

    /// Spends a live code of `phone` sent for one of `purposes`; nil when the code is wrong,
    /// expired or already used (→ 603).
    /// - Parameter userId: when set, only a code issued for this user matches (changePhoneNumber).
    package static func consume(phone: PhoneNumber, code: String, purposes: [String], userId: String? = nil,
                        now: Int64, in db: Database) throws -> Record? {
        guard code.count == 6, code.allSatisfy(\.isASCIIDigit), !purposes.isEmpty else { return nil }
        let marks = Array(repeating: "?", count: purposes.count).joined(separator: ", ")
        let rows = try db.query("""
            SELECT id, purpose, user_id FROM sms_codes
            WHERE phone = ? AND code = ? AND used = 0 AND expires_at > ? AND purpose IN (\(marks))
              AND (? IS NULL OR user_id = ?)
            ORDER BY created_at DESC LIMIT 1
            """, [.text(phone.e164), .text(code), .integer(now)] + purposes.map { .text($0) }
                + [userId.map { .text($0) } ?? .null, userId.map { .text($0) } ?? .null])
        guard let row = rows.first, let id = row[0].int64Value else { return nil }
        try db.execute("UPDATE sms_codes SET used = 1 WHERE id = ?", [.integer(id)])
        return Record(phone: phone.e164, purpose: row[1].textValue ?? "", userId: row[2].textValue)
    }

    /// The same for one purpose.
    package static func consume(phone: PhoneNumber, code: String, purpose: String, now: Int64, in db: Database) throws -> Record? {
        try consume(phone: phone, code: code, purposes: [purpose], now: now, in: db)
    }
}

// MARK: - SMSRateLimits

/// The documented SMS limits (spec §7.2), counted per number from `sms_codes` on the emulator
/// clock, so a test crosses them with `POST /__admin/clock`. Off with `smsRateLimits: false`.
enum SMSRateLimits {
    /// A window and how many sends it allows, with the error beyond it.
    struct Window {
        var milliseconds: Int64
        var allowed: Int
        var error: LCErrorCode
    }

    static let second: Int64 = 1000
    static let minute: Int64 = 60 * second
    static let hour: Int64 = 60 * minute
    static let day: Int64 = 24 * hour

    /// SMS: one per 10 s (code 1), one per minute and ten per 24 h (601), any purpose.
    static let sms = [
        Window(milliseconds: 10 * second, allowed: 1, error: .smsTooFast),
        Window(milliseconds: minute, allowed: 1, error: .smsTooFrequent),
        Window(milliseconds: day, allowed: 10, error: .smsTooFrequent),
    ]

    /// Voice: one per 30 s, three per hour, five per 24 h (601).
    static let voice = [
        Window(milliseconds: 30 * second, allowed: 1, error: .smsTooFrequent),
        Window(milliseconds: hour, allowed: 3, error: .smsTooFrequent),
        Window(milliseconds: day, allowed: 5, error: .smsTooFrequent),
    ]

    /// Throws the first limit a new send to `phone` would break.
    static func check(phone: String, channel: SMSCodes.Channel, now: Int64, in db: Database) throws {
        for window in channel == .voice ? voice : sms {
            let sent = try db.scalar(
                "SELECT count(*) FROM sms_codes WHERE phone = ? AND channel = ? AND created_at > ?",
                [.text(phone), .text(channel.rawValue), .integer(now - window.milliseconds)])?.int64Value ?? 0
            if sent >= window.allowed { throw APIError(window.error) }
        }
    }
}

/// SMS errors the LeanCloud table leaves open; choices recorded in docs/compatibility.md
/// ("Captcha and SMS").
extension LCErrorCode {
    /// spec §7.2: the per-number 10-second window, code 1 with the service's wording.
    package static let smsTooFast = LCErrorCode(code: 1, message: "SMS request too fast(1 request per 10s).", httpStatus: 400)
}
