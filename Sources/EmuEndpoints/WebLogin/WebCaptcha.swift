import EmuCrypto
import EmuData
import EmuRouting
import Foundation
import Primitives

/// The captcha of the cookie flow (login-flows.md §2 step 2): its answer and its picture, drawn
/// by the same renderer as `/1.1/captchaImage` (Captcha/CaptchaRenderer.swift).
enum WebCaptcha {
    static let length = 4
    static let width = 85
    static let height = 30

    /// A fresh answer: the app's `captchaFixedCode` when set, else four characters of the font.
    static func newAnswer(for app: AppRuntime) -> String {
        app.configuration.options.messages.captchaFixedCode
            ?? SecureRandom.string(length: length, alphabet: CaptchaFont.alphabet)
    }

    /// True when `given` is the answer, ignoring case and surrounding spaces.
    static func matches(_ given: String, answer: String) -> Bool {
        ConstantTime.equals(given.trimmingCharacters(in: .whitespaces).uppercased(), answer.uppercased())
    }

    /// The picture of `answer` as PNG bytes; `seed` varies the noise between pictures.
    static func png(answer: String, seed: String) -> [UInt8] {
        PNGEncoder.encode(CaptchaRenderer.render(code: answer, width: width, height: height, seed: seed))
    }
}
