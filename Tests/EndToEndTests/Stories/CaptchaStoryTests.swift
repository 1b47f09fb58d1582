import EmuTesting
import Foundation
import LCWire
import LCClient
import Testing

/// The captcha step of the SMS flows (login-flows.md §1.6): request a captcha, read its answer
/// from the outbox (a test cannot read the picture), verify it, get a validate token.
///
/// Each story stops the emulator's clock first: a captcha lives 60 s, and on a loaded 2-core
/// machine the whole suite's blocking tests can hold this async test back longer than that
/// between two requests (seen: 78 s). Expiry itself is tested by moving the clock, in Tests/EmuAPITests/Captcha.
struct CaptchaStoryTests {
    private func started(appOptions: JSONObject = JSONObject()) async throws -> Emulator {
        let emulator = try await Emulator.start(appOptions: appOptions)
        emulator.clock.freeze()
        return emulator
    }

    @Test func aCaptcha_isRequestedShownAndVerified_forAValidateToken() async throws {
        let emulator = try await started()
        let app = emulator.application
        let captcha = try await LCCaptcha.request(width: 100, height: 40, in: app)
        let png = try await captcha.image(in: app)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        let answer = try #require(try await emulator.outbox.captchaAnswer(token: captcha.token))
        let validateToken = try await captcha.verify(code: answer, in: app)
        #expect(!validateToken.isEmpty)
    }

    @Test func aWrongAnswer_isRefused() async throws {
        let emulator = try await started()
        let captcha = try await LCCaptcha.request(in: emulator.application)
        let error = await #expect(throws: LCError.self) { try await captcha.verify(code: "WRONG0", in: emulator.application) }
        #expect(error?.httpStatus == 400)
    }

    @Test func aFixedCaptchaCode_fromTheAppOptions_makesScriptsSimple() async throws {
        let emulator = try await started(appOptions: ["captchaFixedCode": "AC23"])
        let captcha = try await LCCaptcha.request(in: emulator.application)
        #expect(!(try await captcha.verify(code: "AC23", in: emulator.application)).isEmpty)
    }
}
