import EmuAPI
import EmuTesting
import LCWire
import Testing

/// The optional two-factor step (login-flows.md §2 step 4).
@Suite struct WebLoginTwoFactorTests {
    @Test func rightPassword_asksForTheCode_whichGoesToTheOutbox() throws {
        var fixture = try WebLoginFixture { $0.twoFactor = true }
        _ = try fixture.browser.get("/api/captcha/login")
        let asked = try fixture.browser.post("/api/login", form: WebLoginFixture.form(remember: true))
        #expect(asked.text == #"{"code":3205,"msg":{"two_factor_auth_code_not_empty":"alice"}}"#)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
        let message = try #require(try fixture.app.outbox.latest(to: WebLoginFixture.email))
        #expect(message.kind == .email && message.purpose == "twoFactor")
        let code = try #require(message.code)
        #expect(code.count == 6)

        let empty = try fixture.browser.post("/api/check_two_factor_auth_code", form: [("code", "")])
        #expect(WebLoginFixture.failure(empty) == (3205, "two_factor_auth_code_not_empty"))
        let wrong = try fixture.browser.post("/api/check_two_factor_auth_code", form: [("code", code == "000000" ? "111111" : "000000")])
        #expect(WebLoginFixture.failure(wrong) == (3206, "two_factor_auth_code_error"))
        let right = try fixture.browser.post("/api/check_two_factor_auth_code", form: [("code", code)])
        #expect(right.json?["data"]?["objectId"]?.stringValue == fixture.userId)
        #expect(right.headers.values(for: "Set-Cookie").first?.contains("Max-Age=2592000") == true)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 0)
    }

    @Test func fixedCode_option_isTheCode() throws {
        var fixture = try WebLoginFixture {
            $0.twoFactor = true
            $0.twoFactorCode = "424242"
        }
        _ = try fixture.browser.get("/api/captcha/login")
        _ = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        #expect(try fixture.browser.post("/api/check_two_factor_auth_code", form: [("code", "424242")]).json?["code"] == 0)
    }

    @Test func checkCode_withoutAPendingLogIn_is1000() throws {
        var fixture = try WebLoginFixture { $0.twoFactor = true }
        _ = try fixture.browser.get("/api/captcha/login")
        let response = try fixture.browser.post("/api/check_two_factor_auth_code", form: [("code", "123456")])
        #expect(WebLoginFixture.failure(response) == (1000, "user_not_login"))
    }
}
