import EmuAPI
import EmuTesting
import LCWire
import Testing

/// The cookie-session sequence of login-flows.md §2, in process.
@Suite struct WebLoginFlowTests {
    @Test func captchaLogin_setsSidAndXsrfCookies_withTheirAttributes() throws {
        var fixture = try WebLoginFixture()
        let response = try fixture.browser.get("/api/captcha/login")
        #expect(response.status == 200)
        #expect(response.text == #"{"code":0,"data":false}"#)
        let cookies = response.headers.values(for: "Set-Cookie")
        #expect(cookies.count == 2)
        let sid = try #require(cookies.first { $0.hasPrefix("sid=") })
        let xsrf = try #require(cookies.first { $0.hasPrefix("XSRF-TOKEN=") })
        #expect(sid.hasSuffix("; Path=/; HttpOnly; SameSite=Lax"))
        #expect(!sid.contains("Max-Age"))
        #expect(xsrf.hasSuffix("; Path=/"))
        #expect(!xsrf.contains("HttpOnly"))
    }

    @Test func captchaLogin_setsNoCookie_whenTheSessionIsKnown() throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        let again = try fixture.browser.get("/api/captcha/login")
        #expect(again.headers.values(for: "Set-Cookie").isEmpty)
    }

    @Test(arguments: [WebLoginFixture.email, WebLoginFixture.username])
    func login_byEmailOrUserName_answersTheUser_andLogsTheSessionIn(login: String) throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        let sid = fixture.browser.cookies["sid"]
        let response = try fixture.browser.post("/api/login", form: WebLoginFixture.form(login))
        #expect(response.json?["code"] == 0)
        let user = try #require(response.json?["data"]?.objectValue)
        #expect(user["objectId"]?.stringValue == fixture.userId)
        #expect(user["username"] == "alice")
        #expect(user["password"] == nil && user["_webPassword"] == nil && user["sessionToken"] == nil)
        // The same sid, now logged in; a browser-session cookie without remember_me.
        let cookie = try #require(response.headers.values(for: "Set-Cookie").first)
        #expect(cookie == "sid=\(sid ?? ""); Path=/; HttpOnly; SameSite=Lax")
        let current = try fixture.browser.get("/api/current_user")
        #expect(current.json?["code"] == 0)
        #expect(current.json?["data"]?["objectId"]?.stringValue == fixture.userId)
    }

    @Test func login_withRememberMe_makesTheSidCookiePersistent() throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        let response = try fixture.browser.post("/api/login", form: WebLoginFixture.form(remember: true))
        let cookie = try #require(response.headers.values(for: "Set-Cookie").first)
        #expect(cookie.hasSuffix("; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax"))
    }

    @Test func login_acceptsTheSha1InUppercase_andRefusesThePlainPassword() throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        let plain = try fixture.browser.post("/api/login", form: [("email", "alice"), ("password", WebLoginFixture.password)])
        #expect(WebLoginFixture.failure(plain) == (1, "password"))
        let upper = try fixture.browser.post("/api/login", form: [("email", "alice"), ("password", WebLoginFixture.sha1.uppercased())])
        #expect(upper.json?["code"] == 0)
    }

    @Test(arguments: [
        (["email": "nobody", "password": "x"], 1, "email"),
        (["email": "alice", "password": "0000"], 1, "password"),
        (["password": "x"], 1, "email"),
        (["email": "alice"], 1, "password"),
    ])
    func login_badCredentials_answerCode1_withTheKeyOfTheField(fields: [String: String], code: Int, key: String) throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        let response = try fixture.browser.post("/api/login", form: fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        #expect(response.status == 200)
        #expect(WebLoginFixture.failure(response) == (code, key))
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
    }

    @Test func currentUser_withoutASession_is1000UserNotLogin() throws {
        var fixture = try WebLoginFixture()
        let response = try fixture.browser.get("/api/current_user")
        #expect(response.text == #"{"code":1000,"msg":{"user_not_login":"The user is not logged in."}}"#)
        _ = try fixture.browser.get("/api/captcha/login")
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
    }

    @Test func logout_endsTheServerSession_andExpiresTheCookie() throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        _ = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        let stolen = fixture.browser.cookies
        let response = try fixture.browser.post("/api/logout")
        #expect(response.text == #"{"code":0,"data":true}"#)
        #expect(response.headers.values(for: "Set-Cookie") == ["sid=; Path=/; Max-Age=0; HttpOnly"])
        #expect(fixture.browser.cookies["sid"] == nil)
        var replay = fixture.newBrowser()
        replay.cookies = stolen
        #expect(try replay.get("/api/current_user").json?["code"] == 1000)
    }

    @Test func userRendering_neverShowsTheWebPasswordHash() throws {
        let fixture = try WebLoginFixture()
        let fetched = try fixture.emulator.inProcessClient(credentials: .masterKey).get("/1.1/classes/_User/\(fixture.userId)")
        #expect(fetched.status == 200)
        #expect(fetched.json?["_webPassword"] == nil && fetched.json?["password"] == nil)
    }

    @Test func passwordChange_throughTheObjectAPI_changesTheWebPasswordToo() throws {
        var fixture = try WebLoginFixture()
        let master = fixture.emulator.inProcessClient(credentials: .masterKey)
        #expect(try master.put("/1.1/classes/_User/\(fixture.userId)", json: ["password": "new-secret"]).status == 200)
        _ = try fixture.browser.get("/api/captcha/login")
        let old = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        #expect(WebLoginFixture.failure(old) == (1, "password"))
        let new = try fixture.browser.post("/api/login", form: WebLoginFixture.form(plain: "new-secret"))
        #expect(new.json?["code"] == 0)
    }
}
