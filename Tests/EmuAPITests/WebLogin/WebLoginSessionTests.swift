import EmuAPI
import EmuTesting
import LCWire
import Testing

/// The pitfall, CSRF and session expiry of the cookie flow (login-flows.md §2, docs/web-login.md).
@Suite struct WebLoginSessionTests {
    @Test func pitfall_logInWithoutCaptchaLogin_succeeds_butItsSidIsUnknownLater() throws {
        var fixture = try WebLoginFixture()
        let response = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        #expect(response.json?["code"] == 0)
        #expect(response.json?["data"]?["objectId"]?.stringValue == fixture.userId)
        let cookie = try #require(response.headers.values(for: "Set-Cookie").first)
        #expect(cookie.hasPrefix("sid=") && cookie.hasSuffix("; Path=/; HttpOnly; SameSite=Lax"))
        #expect(fixture.browser.cookies["sid"] != nil)
        let current = try fixture.browser.get("/api/current_user")
        #expect(WebLoginFixture.failure(current) == (1000, "user_not_login"))
    }

    @Test func pitfall_appliesToAnUnknownSid_too() throws {
        var fixture = try WebLoginFixture()
        fixture.browser.cookies["sid"] = "0123456789abcdef0123456789abcdef"
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
    }

    @Test func pitfallOff_logInWithoutCaptchaLogin_startsARecognisedSession() throws {
        var fixture = try WebLoginFixture { $0.pitfall = false }
        let response = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        #expect(response.json?["code"] == 0)
        #expect(fixture.browser.cookies["XSRF-TOKEN"] != nil)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 0)
    }

    @Test func csrf_postsOfAKnownSession_needTheMatchingHeader() throws {
        var fixture = try WebLoginFixture()
        // A page of the emulator's own origin: browsers send Origin on every POST.
        fixture.browser.origin = "http://127.0.0.1:3000"
        _ = try fixture.browser.get("/api/captcha/login")
        fixture.browser.echoesCSRF = false
        let refused = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        #expect(refused.text == #"{"code":801,"msg":{"csrf_validate_failed":"The CSRF token is missing or wrong."}}"#)
        let token = fixture.browser.cookies["XSRF-TOKEN"]
        fixture.browser.cookies["XSRF-TOKEN"] = "forged"
        fixture.browser.echoesCSRF = true
        #expect(WebLoginFixture.failure(try fixture.browser.post("/api/login", form: WebLoginFixture.form())).code == 801)
        fixture.browser.cookies["XSRF-TOKEN"] = token
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
        fixture.browser.echoesCSRF = false
        #expect(WebLoginFixture.failure(try fixture.browser.post("/api/logout")).code == 801)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 0)
    }

    @Test func csrfOff_acceptsPostsWithoutTheHeader() throws {
        var fixture = try WebLoginFixture { $0.csrf = .never }
        fixture.browser.echoesCSRF = false
        fixture.browser.origin = "http://evil.test"
        _ = try fixture.browser.get("/api/captcha/login")
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
    }

    @Test func session_withoutRememberMe_expiresAfterADay_ofTheAppClock() throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        _ = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        try fixture.app.clock.advance(milliseconds: 23 * 3_600_000)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 0)
        try fixture.app.clock.advance(milliseconds: 2 * 3_600_000)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
    }

    @Test func session_withRememberMe_livesThirtyDays() throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        _ = try fixture.browser.post("/api/login", form: WebLoginFixture.form(remember: true))
        try fixture.app.clock.advance(milliseconds: 29 * 86_400_000)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 0)
        try fixture.app.clock.advance(milliseconds: 2 * 86_400_000)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
    }

    @Test func keylessRoutes_serveTheAppNamedByXLCId_andAnUnknownOneIs404() throws {
        var fixture = try WebLoginFixture()
        fixture.browser.client.credentials = .headers(["X-LC-Id": "no-such-app"])
        #expect(try fixture.browser.get("/api/captcha/login").status == 404)
    }
}
