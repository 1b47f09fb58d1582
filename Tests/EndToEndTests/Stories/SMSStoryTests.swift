import EmuTesting
import Foundation
import LCClient
import Testing

/// The captcha-gated SMS code (login-flows.md §1.6): captcha → validate token → SMS code read from
/// the outbox → verified.
struct SMSStoryTests {
    static let phone = "+8618600000001"

    @Test func aCaptchaGatedSMSCode_isSentAndVerified() async throws {
        let emulator = try await Emulator.start(appOptions: ["requireCaptchaForSms": true])
        // A captcha lives 60 s; a loaded machine can hold this test back longer (CaptchaStoryTests).
        emulator.clock.freeze()
        let app = emulator.application
        let refused = await #expect(throws: LCError.self) { try await LCSMS.requestCode(mobilePhoneNumber: Self.phone, in: app) }
        #expect(refused?.code == .missingValidateToken)

        let captcha = try await LCCaptcha.request(in: app)
        let answer = try #require(try await emulator.outbox.captchaAnswer(token: captcha.token))
        let validateToken = try await captcha.verify(code: answer, in: app)
        try await LCSMS.requestCode(mobilePhoneNumber: Self.phone, validateToken: validateToken, in: app)

        let code = try #require(try await emulator.outbox.latestCode(phone: Self.phone))
        try await LCSMS.verify(code: code, mobilePhoneNumber: Self.phone, in: app)
    }

    @Test func aWrongCode_isInvalidSMSCode() async throws {
        let emulator = try await Emulator.start(appOptions: ["fixedSmsCodes": [Self.phone: "123456"]])
        let app = emulator.application
        try await LCSMS.requestCode(mobilePhoneNumber: Self.phone, in: app)
        let error = await #expect(throws: LCError.self) { try await LCSMS.verify(code: "654321", mobilePhoneNumber: Self.phone, in: app) }
        #expect(error?.code == .invalidSMSCode)
        try await LCSMS.verify(code: "123456", mobilePhoneNumber: Self.phone, in: app)
    }
}
