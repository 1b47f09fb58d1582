import EmuCrypto
import Foundation

/// The captcha of the cookie flow (login-flows.md §2 step 2): its answer and its picture.
enum WebCaptcha {
    /// Letters and digits that cannot be mistaken for one another.
    static let alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    static let length = 4

    /// A fresh answer.
    static func newAnswer(for app: AppRuntime) -> String {
        SecureRandom.string(length: length, alphabet: alphabet)
    }

    /// True when `given` is the answer, ignoring case and surrounding spaces.
    static func matches(_ given: String, answer: String) -> Bool {
        ConstantTime.equals(given.trimmingCharacters(in: .whitespaces).uppercased(), answer.uppercased())
    }

    /// The picture of `answer` as PNG bytes.
    ///
    /// Seam: until the captcha renderer of `/1.1/captchaImage` is available here, this is a
    /// valid 1×1 grey PNG; the answer reaches tests through the web session (and the outbox).
    static func png(answer: String) -> [UInt8] { placeholderPNG }

    private static let placeholderPNG: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3a, 0x7e, 0x9b,
        0x55, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x38, 0x00, 0x00, 0x00,
        0xc2, 0x00, 0xc1, 0x52, 0x5e, 0x57, 0x51, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
        0x42, 0x60, 0x82,
    ]
}
