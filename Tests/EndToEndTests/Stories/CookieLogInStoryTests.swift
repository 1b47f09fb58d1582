import EmuTesting
import Foundation
import LCClient
import Testing

/// Story 2: the cookie-session captcha log-in (`/api`, login-flows.md §2), with its pitfall.
struct CookieLogInStoryTests {
    func session(_ emulator: Emulator, establishesSession: Bool = true) -> LCWebSession {
        LCWebSession(baseURL: emulator.baseURL, appId: emulator.credentials.appId, establishesSession: establishesSession)
    }

    @Test func withoutTheCaptchaCallFirst_theLogInSucceeds_butTheNextCallIsNotLoggedIn() async throws {
        let emulator = try await Emulator.start(seeded: true)
        let web = session(emulator, establishesSession: false)
        let user = try await web.logIn(account: Seed.username, password: Seed.password)
        #expect(user["objectId"]?.stringValue == Seed.userId)
        let error = await #expect(throws: LCWebError.self) { try await web.currentUser() }
        #expect(error?.isNotLoggedIn == true)
        #expect(error?.key == "user_not_login")
    }

    @Test func withTheCaptchaCallFirst_everythingWorks() async throws {
        let emulator = try await Emulator.start(seeded: true)
        let web = session(emulator, establishesSession: false)
        #expect(try await web.captchaRequired() == false)
        try await web.logIn(account: Seed.username, password: Seed.password, rememberMe: true)
        #expect(try await web.currentUser()["username"] == .string(Seed.username))
        try await web.logOut()
        await #expect(throws: LCWebError.self) { try await web.currentUser() }
    }

    @Test func afterAFailedLogIn_theCaptchaIsRequired_andItsAnswerLogsIn() async throws {
        let emulator = try await Emulator.start(seeded: true, appOptions: ["webLoginCaptchaThreshold": 1])
        let web = session(emulator)
        let wrong = await #expect(throws: LCWebError.self) { try await web.logIn(account: Seed.username, password: "wrong") }
        #expect(wrong?.code == 1)
        #expect(try await web.captchaRequired())
        let missing = await #expect(throws: LCWebError.self) { try await web.logIn(account: Seed.username, password: Seed.password) }
        #expect(missing?.isCaptchaRequired == true)

        let png = try await web.captchaImage()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let sid = try #require(await web.sessionId)
        let answer = try #require(try await emulator.outbox.messages(token: sid).first?.code)
        try await web.logIn(account: Seed.username, password: Seed.password, captcha: answer)
        #expect(try await web.currentUser()["objectId"] == .string(Seed.userId))
    }
}

/// The OAuth client (login-flows.md §3) against LCEmu's `/oauth/access_token` and Bearer `/1.1`.
struct OAuthStoryTests {
    @Test func aBearerToken_readsTheUsersOwnData_andIsRefreshedWhenItExpires() async throws {
        let emulator = try await Emulator.start(seeded: true, appOptions: ["oauthExpiresIn": 60])
        let oauth = LCOAuthClient(application: emulator.application)
        let first = try await oauth.logIn(username: Seed.username, password: Seed.password)
        #expect(first.tokenType.lowercased() == "bearer")
        let me = try await oauth.send("GET", "/1.1/classes/Post/\(Seed.membersPostId)")
        #expect(me.status == 200)

        emulator.clock.advance(by: .seconds(61))   // the server's clock: the client still thinks it is valid
        let again = try await oauth.send("GET", "/1.1/classes/Post/\(Seed.membersPostId)")
        #expect(again.status == 200)
        #expect(await oauth.tokens?.accessToken != first.accessToken)
    }

    @Test func aWrongPassword_isAnInvalidGrant() async throws {
        let emulator = try await Emulator.start(seeded: true)
        let oauth = LCOAuthClient(application: emulator.application)
        let error = await #expect(throws: LCOAuthError.self) { try await oauth.logIn(username: Seed.username, password: "nope") }
        #expect(error?.error == "invalid_grant")
    }
}

/// The optional two-factor step of the cookie flow (login-flows.md §2, step 4).
struct CookieTwoFactorTests {
    @Test func aTwoFactorLogIn_asksForTheCode_thenLogsIn() async throws {
        let emulator = try await Emulator.start(seeded: true, appOptions: ["webLoginTwoFactor": true, "webLoginTwoFactorCode": "246810"])
        let web = LCWebSession(baseURL: emulator.baseURL, appId: emulator.credentials.appId)
        let pending = await #expect(throws: LCWebError.self) { try await web.logIn(account: Seed.username, password: Seed.password) }
        #expect(pending?.needsTwoFactor == true)
        let code = try #require(try await emulator.outbox.messages(purpose: "twoFactor").first?.code)
        #expect(code == "246810")
        try await web.verifyTwoFactor(code: code)
        #expect(try await web.currentUser()["username"] == .string(Seed.username))
    }
}
