import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Primitives
import Testing

/// The web log-ins over users made and changed by the `/1.1` user endpoints (docs/users.md).
@Suite struct WebLoginUserEndpointTests {
    private func signUp(_ emulator: TestServer) throws -> (id: String, token: String) {
        let response = try emulator.inProcessClient().post("/1.1/users", json: ["username": "carol", "password": "first-secret"])
        #expect(response.status == 201)
        return (try #require(response.json?["objectId"]?.stringValue), try #require(response.json?["sessionToken"]?.stringValue))
    }

    private func webLogIn(_ emulator: TestServer, _ plain: String) throws -> Int? {
        var browser = TestBrowser(emulator.inProcessClient())
        _ = try browser.get("/api/captcha/login")
        return try browser.post("/api/login", form: [("email", "carol"), ("password", SHA1.hex(plain))]).json?["code"]?.intValue
    }

    @Test func signUp_thenUpdatePassword_keepTheWebPasswordInStep() throws {
        let emulator = try TestServer.start()
        let (id, token) = try signUp(emulator)
        #expect(try webLogIn(emulator, "first-secret") == 0)
        let logIn = try emulator.inProcessClient().post("/1.1/login", json: ["username": "carol", "password": "first-secret"])
        #expect(logIn.status == 200 && logIn.json?["_webPassword"] == nil)
        var client = emulator.inProcessClient()
        client.sessionToken = token
        let update = try client.put("/1.1/users/\(id)/updatePassword",
                                    json: ["old_password": "first-secret", "new_password": "second-secret"])
        #expect(update.status == 200)
        #expect(try webLogIn(emulator, "second-secret") == 0)
        #expect(try webLogIn(emulator, "first-secret") == 1)
    }

    @Test func passwordResetBySms_keepsTheWebPasswordInStep() throws {
        let emulator = try TestServer.start { configuration in
            configuration.apps[0].options.messages.fixedSmsCodes = ["+8618600000005": "123456"]
        }
        let client = emulator.inProcessClient()
        let signUp = try client.post("/1.1/users", json: [
            "username": "carol", "password": "first-secret", "mobilePhoneNumber": "18600000005",
        ])
        #expect(signUp.status == 201)
        #expect(try client.post("/1.1/requestPasswordResetBySmsCode", json: ["mobilePhoneNumber": "18600000005"]).text == "{}")
        let reset = try client.put("/1.1/resetPasswordBySmsCode/123456",
                                   json: ["mobilePhoneNumber": "18600000005", "password": "second-secret"])
        #expect(reset.text == "{}")
        #expect(try webLogIn(emulator, "second-secret") == 0)
        #expect(try webLogIn(emulator, "first-secret") == 1)
    }

    @Test func bearer_onUsersMe_answersTheTokensUser() throws {
        let fixture = try OAuthFixture()
        let access = try #require(try fixture.passwordGrant().json?["access_token"]?.stringValue)
        let me = try fixture.get("/1.1/users/me", bearer: access)
        #expect(me.status == 200)
        #expect(me.json?["objectId"] == .string(TestServer.seedUserId))
        #expect(me.json?["sessionToken"]?.stringValue?.isEmpty == false)
    }

    @Test func bearerAndRefreshTokens_dieWithTheUsersSession_afterRefreshSessionToken() throws {
        let fixture = try OAuthFixture()
        let grant = try #require(try fixture.passwordGrant().json)
        let access = try #require(grant["access_token"]?.stringValue)
        let refresh = try #require(grant["refresh_token"]?.stringValue)
        let master = fixture.emulator.inProcessClient(credentials: .masterKey)
        #expect(try master.put("/1.1/users/\(TestServer.seedUserId)/refreshSessionToken", json: [:]).status == 200)
        #expect(try fixture.get("/1.1/users/me", bearer: access).status == 401)
        let refreshed = try fixture.token([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        #expect(refreshed.json?["error"] == "invalid_grant")
        // A new grant stands for the new session.
        let again = try #require(try fixture.passwordGrant().json?["access_token"]?.stringValue)
        #expect(try fixture.get("/1.1/users/me", bearer: again).status == 200)
    }
}
