import EmuTesting
import Foundation
import LCClient
import Testing

/// The user calls of LCClient against the live emulator: sign-up, both log-ins, /users/me,
/// refreshSessionToken, updatePassword, authData.
struct UserFlowTests {
    @Test func signUp_thenLogInBothWays_thenBecomeByToken() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let created = try await LCUser.signUp(username: "tom", password: "secret-1", email: "tom@example.com", in: app)
        #expect(created.sessionToken != nil)
        #expect(created.email == "tom@example.com")
        app.logOut()
        let posted = try await LCUser.logIn(username: "tom", password: "secret-1", in: app)
        let got = try await LCUser.logIn(username: "tom", password: "secret-1", using: .legacyGet, in: app)
        #expect(posted.objectId == created.objectId)
        #expect(got.sessionToken == posted.sessionToken)

        let device = emulator.makeApplication()
        let restored = try await LCUser.become(sessionToken: try #require(got.sessionToken), in: device)
        #expect(restored.username == "tom")
    }

    @Test func refreshSessionToken_retiresTheOldToken() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let old = try #require(try await LCUser.signUp(username: "ann", password: "secret-1", in: app).sessionToken)
        let refreshed = try await LCUser.refreshSessionToken(in: app)
        #expect(refreshed.sessionToken != old)
        #expect(app.currentUser?.sessionToken == refreshed.sessionToken)
        let error = await #expect(throws: LCError.self) { try await LCUser.become(sessionToken: old, in: emulator.makeApplication()) }
        #expect(error?.code == .userNotFound)
    }

    @Test func updatePassword_thenTheNewPasswordLogsIn() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        try await LCUser.signUp(username: "bob", password: "secret-1", in: app)
        try await LCUser.updatePassword(from: "secret-1", to: "secret-2", in: app)
        app.logOut()
        await #expect(throws: LCError.self) { try await LCUser.logIn(username: "bob", password: "secret-1", in: app) }
        #expect(try await LCUser.logIn(username: "bob", password: "secret-2", in: app).username == "bob")
    }

    @Test func authData_signsUpOnce_thenLogsTheSameUserIn() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let first = try await LCUser.logIn(authData: ["openid": "wx-1", "access_token": "t", "expires_in": 7200], platform: "weixin", in: app)
        let again = try await LCUser.logIn(authData: ["openid": "wx-1", "access_token": "t2", "expires_in": 7200], platform: "weixin", in: app)
        #expect(first.objectId == again.objectId)
        let missing = await #expect(throws: LCError.self) {
            try await LCUser.logIn(authData: ["openid": "wx-2", "access_token": "t", "expires_in": 7200], platform: "weixin", failOnNotExist: true, in: app)
        }
        #expect(missing?.code == .userNotFound)
    }

    @Test func aPasswordResetEmail_landsInTheOutbox_withItsLink() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        try await LCUser.signUp(username: "eve", password: "secret-1", email: "eve@example.com", in: app)
        try await LCUser.requestPasswordReset(email: "eve@example.com", in: app)
        let mail = try #require(try await emulator.outbox.messages(email: "eve@example.com", purpose: "resetPassword").first)
        #expect(mail.link?.hasPrefix(emulator.baseURL.absoluteString) == true)
        let unknown = await #expect(throws: LCError.self) { try await LCUser.requestPasswordReset(email: "nobody@example.com", in: app) }
        #expect(unknown?.code == .emailNotFound)
    }

    @Test func aLinkedAccount_logsInAsTheSameUser_untilUnlinked() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let owner = try await LCUser.signUp(username: "linker", password: "secret-1", in: app)
        let weixin: JSONObject = ["openid": "wx-link", "access_token": "t", "expires_in": 7200]
        try await LCUser.associate(authData: weixin, platform: "weixin", in: app)
        let device = emulator.makeApplication()
        #expect(try await LCUser.logIn(authData: weixin, platform: "weixin", in: device).objectId == owner.objectId)
        try await LCUser.dissociate(platform: "weixin", in: app)
        let gone = await #expect(throws: LCError.self) {
            try await LCUser.logIn(authData: weixin, platform: "weixin", failOnNotExist: true, in: device)
        }
        #expect(gone?.code == .userNotFound)
    }
}
