@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// login-flows.md §1 step 6 over a real socket, as a client and a test harness would drive it:
/// everything goes through HTTP, the outbox and the clock included.
@Suite struct CaptchaSMSStoryTests {
    @Test func captchaGatedSms_fromPictureToVerifiedCode_andExpiryByTheClock() throws {
        let emulator = try TestServer.start(messages: { $0.requireCaptchaForSms = true })
        let client = emulator.client()
        let admin = emulator.client(credentials: .masterKey)
        let phone: JSON = "+8618600000009"

        // Without a captcha the SMS is refused.
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone]).json?["code"] == 608)

        // 1. Captcha: token and picture; the answer comes from the outbox.
        let captcha = try client.get("/1.1/requestCaptcha")
        let token = try #require(captcha.json?["captcha_token"]?.stringValue)
        let url = try #require(captcha.json?["captcha_url"]?.stringValue)
        let path = String(url.dropFirst("http://localhost".count))
        let picture = try emulator.client(credentials: .none).get(path)
        #expect(try TestPNGDecoder(picture.body).width == 85)
        let outbox = try admin.get("/__admin/outbox?token=\(token)")
        let answer = try #require(outbox.json?["results"]?[0]?["code"]?.stringValue)

        // 2. verifyCaptcha → validate_token.
        let verified = try client.post("/1.1/verifyCaptcha", json: ["captcha_code": .string(answer), "captcha_token": .string(token)])
        let validateToken = try #require(verified.json?["validate_token"])

        // 3. requestSmsCode with it → the code in the outbox.
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone, "validate_token": validateToken]).text == "{}")
        let sms = try admin.get("/__admin/outbox?phone=%2B8618600000009&kind=sms")
        let code = try #require(sms.json?["results"]?[0]?["code"]?.stringValue)

        // 4. verifySmsCode: once.
        #expect(try client.post("/1.1/verifySmsCode/\(code)", json: ["mobilePhoneNumber": phone]).text == "{}")
        #expect(try client.post("/1.1/verifySmsCode/\(code)", json: ["mobilePhoneNumber": phone]).json?["code"] == 603)

        // 5. A second code, left for longer than its ttl: the clock crosses the expiry.
        #expect(try admin.post("/__admin/clock", json: ["advance": "2m"]).status == 200)
        #expect(try admin.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone, "ttl": 5]).status == 200)
        let second = try #require(try admin.get("/__admin/outbox?phone=18600000009").json?["results"]?[0]?["code"]?.stringValue)
        let later = try admin.post("/__admin/clock", json: ["advance": "5m"])
        #expect(later.json?["mode"] == "real")
        #expect(try client.post("/1.1/verifySmsCode/\(second)", json: ["mobilePhoneNumber": phone]).json?["code"] == 603)
        #expect(try admin.post("/__admin/clock", json: ["reset": true]).status == 200)
    }
}
