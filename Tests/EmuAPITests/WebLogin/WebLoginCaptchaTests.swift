import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// The captcha after failed log-ins (login-flows.md §2 steps 1–3).
@Suite struct WebLoginCaptchaTests {
    /// Fails `count` log-ins of `alice` in the browser's session.
    private func fail(_ count: Int, _ browser: inout TestBrowser) throws {
        for _ in 0..<count {
            let response = try browser.post("/api/login", form: WebLoginFixture.form(plain: "wrong"))
            #expect(WebLoginFixture.failure(response) == (1, "password"))
        }
    }

    @Test func getCaptcha_servesAPng_andSendsTheAnswerToTheOutbox() throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        let response = try fixture.browser.get("/api/getCaptcha")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "image/png")
        #expect(Array(response.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let sid = try #require(fixture.browser.cookies["sid"])
        let message = try #require(try fixture.app.outbox.latest(to: sid))
        #expect(message.kind == .captcha && message.purpose == "webLogin")
        #expect(message.code?.count == 4)
    }

    @Test func afterThreeFailures_captchaLoginAnswersTrue_andLogInNeedsTheCaptcha() throws {
        var fixture = try WebLoginFixture()
        #expect(try fixture.browser.get("/api/captcha/login").json?["data"] == false)
        try fail(2, &fixture.browser)
        #expect(try fixture.browser.get("/api/captcha/login").json?["data"] == false)
        try fail(1, &fixture.browser)
        #expect(try fixture.browser.get("/api/captcha/login").json?["data"] == true)

        let missing = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        #expect(missing.text == #"{"code":909,"msg":{"j_captcha_not_empty":"The captcha is required."}}"#)
        let unfetched = try fixture.browser.post("/api/login", form: WebLoginFixture.form(captcha: "ABCD"))
        #expect(WebLoginFixture.failure(unfetched) == (903, "j_captcha_error"))

        _ = try fixture.browser.get("/api/getCaptcha")
        let answer = try fixture.captchaAnswer(of: fixture.browser)
        let right = try fixture.browser.post("/api/login", form: WebLoginFixture.form(captcha: answer.lowercased()))
        #expect(right.json?["code"] == 0)
        // A success clears the counts.
        #expect(try fixture.browser.get("/api/captcha/login").json?["data"] == false)
    }

    @Test func captchaAnswer_isSingleUse_andANewPictureReplacesTheOldAnswer() throws {
        var fixture = try WebLoginFixture { $0.captchaThreshold = 0 }
        #expect(try fixture.browser.get("/api/captcha/login").json?["data"] == true)
        _ = try fixture.browser.get("/api/getCaptcha")
        let first = try fixture.captchaAnswer(of: fixture.browser)
        _ = try fixture.browser.get("/api/getCaptcha")
        let second = try fixture.captchaAnswer(of: fixture.browser)
        if first != second {
            let stale = try fixture.browser.post("/api/login", form: WebLoginFixture.form(captcha: first))
            #expect(WebLoginFixture.failure(stale) == (903, "j_captcha_error"))
        } else {
            // Same random answer twice: a wrong guess uses it up all the same.
            _ = try fixture.browser.post("/api/login", form: WebLoginFixture.form(captcha: "----"))
        }
        let used = try fixture.browser.post("/api/login", form: WebLoginFixture.form(captcha: second))
        #expect(WebLoginFixture.failure(used) == (903, "j_captcha_error"))
    }

    @Test func failures_countPerAccount_acrossSessions() throws {
        let fixture = try WebLoginFixture()
        for _ in 0..<3 {
            var browser = fixture.newBrowser()
            _ = try browser.get("/api/captcha/login")
            try fail(1, &browser)
        }
        var fresh = fixture.newBrowser()
        #expect(try fresh.get("/api/captcha/login").json?["data"] == false)  // no account tried yet
        let response = try fresh.post("/api/login", form: WebLoginFixture.form())
        #expect(WebLoginFixture.failure(response) == (909, "j_captcha_not_empty"))
        #expect(try fresh.get("/api/captcha/login").json?["data"] == true)
        _ = fixture
    }

    @Test func unknownAccounts_countAgainstTheSession() throws {
        var fixture = try WebLoginFixture { $0.captchaThreshold = 2 }
        _ = try fixture.browser.get("/api/captcha/login")
        for _ in 0..<2 { _ = try fixture.browser.post("/api/login", form: WebLoginFixture.form("nobody")) }
        #expect(try fixture.browser.get("/api/captcha/login").json?["data"] == true)
    }

    @Test func fixedCaptchaCode_ofTheApp_isTheAnswer() throws {
        let emulator = try TestServer.start { configuration in
            configuration.apps[0].options.webLogin.captchaThreshold = 0
            configuration.apps[0].options.messages.captchaFixedCode = "AC23"
        }
        _ = try emulator.createUser("alice", fields: ["email": "alice@example.com"])
        var browser = TestBrowser(emulator.inProcessClient())
        _ = try browser.get("/api/captcha/login")
        _ = try browser.get("/api/getCaptcha")
        #expect(try browser.post("/api/login", form: WebLoginFixture.form(captcha: "ac23")).json?["code"] == 0)
    }
}
