import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `POST /api/login` shares the log-in lockout of `/1.1/login` (spec §5.4) and answers a locked
/// account with `{"code":219,"msg":{"login_locked":…}}` (docs/web-login.md). The captcha threshold
/// is raised so that only the lockout is at play.
@Suite struct WebLoginLockoutTests {
    static let window: Int64 = 15 * 60 * 1000
    static let locked = #"{"code":219,"msg":{"login_locked":"Tried too many times to signin."}}"#

    private func start() throws -> WebLoginFixture {
        var fixture = try WebLoginFixture { $0.captchaThreshold = 1000 }
        _ = try fixture.browser.get("/api/captcha/login")
        return fixture
    }

    private func fail(_ fixture: inout WebLoginFixture, times: Int) throws {
        for _ in 0..<times {
            let response = try fixture.browser.post("/api/login", form: WebLoginFixture.form(plain: "wrong"))
            #expect(WebLoginFixture.failure(response) == (1, "password"))
        }
    }

    /// `/1.1/login` with the app key.
    private func restLogIn(_ fixture: WebLoginFixture, _ password: String) throws -> TestClient.Response {
        try fixture.emulator.inProcessClient().post("/1.1/login", json: ["username": "alice", "password": .string(password)])
    }

    @Test func sevenWrongPasswords_lockTheAccount_untilFifteenMinutesAfterTheLast() throws {
        var fixture = try start()
        let clock = try fixture.app.clock
        clock.set(milliseconds: 1_700_000_000_000)  // pinned: the window is crossed to the millisecond
        try fail(&fixture, times: 7)
        let refused = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        #expect(refused.status == 200)
        #expect(refused.text == Self.locked)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
        clock.advance(milliseconds: Self.window - 1)
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).text == Self.locked)
        clock.advance(milliseconds: 1)
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 0)
    }

    @Test func theLock_isPerAccount_notPerBrowser() throws {
        var fixture = try start()
        try fail(&fixture, times: 7)
        var other = fixture.newBrowser()
        _ = try other.get("/api/captcha/login")
        #expect(try other.post("/api/login", form: WebLoginFixture.form(WebLoginFixture.username)).text == Self.locked)
    }

    @Test func failuresOfRestLogIn_lockTheCookieLogIn() throws {
        var fixture = try start()
        for _ in 0..<7 { #expect(try restLogIn(fixture, "wrong").json?["code"] == 210) }
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).text == Self.locked)
    }

    @Test func failuresOfTheCookieLogIn_lockRestLogIn() throws {
        var fixture = try start()
        try fail(&fixture, times: 7)
        #expect(try restLogIn(fixture, WebLoginFixture.password).json?["code"] == 219)
    }

    @Test func aRightPassword_clearsTheFailures() throws {
        var fixture = try start()
        try fail(&fixture, times: 6)
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
        try fail(&fixture, times: 6)
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
    }

    @Test func failuresSpreadOverMoreThanFifteenMinutes_doNotLock() throws {
        var fixture = try start()
        let clock = try fixture.app.clock
        clock.set(milliseconds: 1_700_000_000_000)  // pinned: the window is crossed to the millisecond
        for _ in 0..<7 {
            try fail(&fixture, times: 1)
            clock.advance(milliseconds: 3 * 60_000)
        }
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
    }
}
