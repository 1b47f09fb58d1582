import Foundation
import LCClient

/// The snippets of docs/client.md that stand for an app's code rather than a test (placeholder
/// passwords, a real LeanCloud server, an endless `for await`): compiled, never called. The
/// same calls run against the emulator in Tests/EndToEndTests/Stories.
enum ClientCompileOnlyExamples {
    static func users(app: LCApplication, phone: String, code: String, newPhone: String, savedToken: String) async throws {
        var loggedIn = false
        try await LCUser.signUp(username: "tom", password: "…", email: "tom@example.com", in: app)
        try await LCUser.logIn(username: "tom", password: "…", in: app)                     // POST /1.1/login
        try await LCUser.logIn(username: "tom", password: "…", using: .legacyGet, in: app)  // GET /1.1/login?…
        try await LCUser.logIn(mobilePhoneNumber: phone, smsCode: code, in: app)
        try await LCUser.logIn(authData: ["openid": "…", "access_token": "…", "expires_in": 7200], platform: "weixin", in: app)
        try await LCUser.become(sessionToken: savedToken, in: app)                         // GET /1.1/users/me
        try await LCUser.refreshSessionToken(in: app)
        try await LCUser.updatePassword(from: "old", to: "new", in: app)
        try await LCSMS.requestPhoneNumberChange(mobilePhoneNumber: newPhone, in: app)         // then:
        try await LCSMS.changePhoneNumber(mobilePhoneNumber: newPhone, code: code, in: app)
        app.logOut()

        for await user in app.currentUserUpdates { loggedIn = user != nil }   // observable state
        _ = loggedIn
    }

    static func roles(app: LCApplication, roleACL: LCACL, alice: LCUser, bob: LCUser) async throws {
        let editors = try await LCRole.create(name: "Editors", acl: roleACL, users: [alice.pointer], in: app.withMasterKey())
        try await editors.add(users: [bob.pointer], in: app.withMasterKey())
        var acl = LCACL()
        acl.allow(.read, for: .role("Editors"))
        let mine = try await LCRole.roles(of: bob.pointer, in: app)
        _ = (acl, mine)
    }

    static func captchaAndSMS(app: LCApplication, typedByUser: String, phone: String, received: String) async throws {
        let captcha = try await LCCaptcha.request(in: app)
        let png = try await captcha.image(in: app)
        let validateToken = try await captcha.verify(code: typedByUser, in: app)
        try await LCSMS.requestCode(mobilePhoneNumber: phone, validateToken: validateToken, in: app)
        try await LCSMS.verify(code: received, mobilePhoneNumber: phone, in: app)
        try await LCSMS.requestLogInCode(mobilePhoneNumber: phone, in: app)   // then LCUser.logIn(mobilePhoneNumber:smsCode:)
        _ = png
    }

    static func oauth(url: URL, app: LCApplication) async throws {
        let oauth = LCOAuthClient(baseURL: url, clientId: "…", clientSecret: "…")
        try await oauth.logIn(username: "testuser", password: "…")       // grant_type=password, HTTP Basic
        let response = try await oauth.send("GET", "/api/v1/me")          // Authorization: Bearer …

        // LCEmu: client id = App ID, secret = App Key; the bearer token works on /1.1 as the user's session.
        let lcemu = LCOAuthClient(application: app)
        try await lcemu.logIn(username: "testuser", password: "lcemu-test-password")
        let post = try await lcemu.send("GET", "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50028")
        _ = (response, post)
    }
}
