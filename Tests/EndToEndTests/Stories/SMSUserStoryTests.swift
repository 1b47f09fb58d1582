import EmuTesting
import Foundation
import LCClient
import Testing

/// Users by phone (spec §5.10): sign up or log in with a code, log in by code, reset the
/// password by code, change the number; every code read from the outbox.
struct SMSUserStoryTests {
    static let phone = "+8618600000002"
    static let newPhone = "+8618600000003"

    func start() async throws -> Emulator {
        try await Emulator.start(appOptions: ["smsRateLimits": false])
    }

    @Test func aCodeSignsUp_thenALogInCodeLogsTheSameUserIn() async throws {
        let emulator = try await start()
        let app = emulator.application
        try await LCSMS.requestCode(mobilePhoneNumber: Self.phone, in: app)
        let first = try #require(try await emulator.outbox.latestCode(phone: Self.phone))
        let created = try await LCUser.signUpOrLogIn(mobilePhoneNumber: Self.phone, smsCode: first, in: app)
        #expect(created.mobilePhoneNumber == Self.phone)
        #expect(created["mobilePhoneVerified"] == true)
        app.logOut()

        try await LCSMS.requestLogInCode(mobilePhoneNumber: Self.phone, in: app)
        let second = try #require(try await emulator.outbox.latestCode(phone: Self.phone))
        let again = try await LCUser.logIn(mobilePhoneNumber: Self.phone, smsCode: second, in: app)
        #expect(again.objectId == created.objectId)
        #expect(app.currentUser?.objectId == created.objectId)
    }

    @Test func aResetCode_setsANewPassword() async throws {
        let emulator = try await start()
        let app = emulator.application
        try await LCUser.signUp(username: "phoney", password: "secret-1", fields: ["mobilePhoneNumber": .string(Self.phone)], in: app)
        app.logOut()
        try await LCSMS.requestPasswordReset(mobilePhoneNumber: Self.phone, in: app)
        let code = try #require(try await emulator.outbox.latestCode(phone: Self.phone))
        try await LCSMS.resetPassword(code: code, password: "secret-2", mobilePhoneNumber: Self.phone, in: app)
        #expect(try await LCUser.logIn(mobilePhoneNumber: Self.phone, password: "secret-2", in: app).username == "phoney")
    }

    @Test func theCurrentUser_movesToANewNumber_withACode() async throws {
        let emulator = try await start()
        let app = emulator.application
        try await LCUser.signUp(username: "mover", password: "secret-1", fields: ["mobilePhoneNumber": .string(Self.phone)], in: app)
        try await LCSMS.requestPhoneNumberChange(mobilePhoneNumber: Self.newPhone, in: app)
        let code = try #require(try await emulator.outbox.latestCode(phone: Self.newPhone))
        try await LCSMS.changePhoneNumber(mobilePhoneNumber: Self.newPhone, code: code, in: app)
        #expect(try await LCUser.fetchCurrent(in: app).mobilePhoneNumber == Self.newPhone)
    }
}
