@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// login-flows.md §1 step 6, the log-in half, over a real socket: sign up with a number, pass
/// a captcha, log in with the SMS code from the outbox, then use the session.
@Suite struct UserSMSStoryTests {
    @Test func captchaThenLoginSmsCode_logsInOverTheSocket() throws {
        let emulator = try TestServer.start(messages: { $0.requireCaptchaForSms = true; $0.captchaFixedCode = "K7AW" })
        var client = emulator.client()
        let admin = emulator.client(credentials: .masterKey)
        let signUp = try client.post("/1.1/users", json: ["username": "carol", "password": "pw-123456", "mobilePhoneNumber": "+8618600000008"])
        let userId = try #require(signUp.json?["objectId"]?.stringValue)

        #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": "18600000008"]).json?["code"] == 608)
        let token = try #require(try client.get("/1.1/requestCaptcha").json?["captcha_token"])
        let validate = try #require(try client.post("/1.1/verifyCaptcha", json: ["captcha_code": "K7AW", "captcha_token": token]).json?["validate_token"])
        #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": "18600000008", "validate_token": validate]).text == "{}")
        let code = try #require(try admin.get("/__admin/outbox?phone=18600000008&purpose=login").json?["results"]?[0]?["code"]?.stringValue)

        let login = try client.post("/1.1/login", json: ["mobilePhoneNumber": "18600000008", "smsCode": .string(code)])
        #expect(login.status == 200)
        client.sessionToken = login.json?["sessionToken"]?.stringValue
        let me = try client.get("/1.1/users/me")
        #expect(me.json?["objectId"]?.stringValue == userId)
        #expect(me.json?["mobilePhoneVerified"] == true)
    }
}
