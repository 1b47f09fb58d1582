import EmuSQLite
import LCWire

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
