import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary, configured by file, through login-flows.md §1 step 6: captcha, SMS code,
/// the clock crossing an expiry, and a code that outlives a restart.
@Suite struct CaptchaSMSEndToEndTests {
    let app = AppConfiguration(appId: "sms", appKey: "sms-key", masterKey: "sms-master")

    func client(_ server: TestServer, _ credentials: TestClient.Credentials = .appKey) -> TestClient {
        server.client(app: app, credentials: credentials)
    }

    @Test func configuredBinary_runsTheCaptchaGatedSmsStory_andKeepsCodesAcrossARestart() async throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("apps.json", """
            {"apps":[{"appId":"sms","appKey":"sms-key","masterKey":"sms-master","options":{
              "requireCaptchaForSms":true,"captchaFixedCode":"K7AW","fixedSmsCodes":{"+8618600000000":"123456"}}}]}
            """)
        let arguments = ["--config", config, "--data", directory.path("data"), "--no-seed"]
        var server = try await TestServer.startAsync(.binary, arguments: arguments)
        let phone: JSON = "18600000000"
        #expect(try client(server).post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone]).json?["code"] == 608)

        let captcha = try client(server).get("/1.1/requestCaptcha?width=100&height=40")
        let token = try #require(captcha.json?["captcha_token"]?.stringValue)
        let picture = try client(server, .none).get("/1.1/captchaImage?appId=sms&token=\(token)")
        #expect(picture.headers["Content-Type"] == "image/png")
        #expect(picture.body.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let validate = try #require(try client(server).post("/1.1/verifyCaptcha", json: ["captcha_code": "K7AW", "captcha_token": .string(token)]).json?["validate_token"])
        #expect(try client(server).post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone, "validate_token": validate]).text == "{}")
        #expect(try client(server).post("/1.1/verifySmsCode/123456", json: ["mobilePhoneNumber": phone]).text == "{}")
        #expect(try client(server).post("/1.1/verifySmsCode/123456", json: ["mobilePhoneNumber": phone]).json?["code"] == 603)

        // A code left past its ttl: the clock side door crosses the expiry.
        let admin = client(server, .masterKey)
        #expect(try admin.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": "18600000001", "ttl": 1]).status == 200)
        let expiring = try #require(try admin.get("/__admin/outbox?phone=18600000001").json?["results"]?[0]?["code"]?.stringValue)
        #expect(try admin.post("/__admin/clock", json: ["advance": "61s"]).status == 200)
        #expect(try client(server).post("/1.1/verifySmsCode/\(expiring)", json: ["mobilePhoneNumber": "18600000001"]).json?["code"] == 603)
        #expect(try admin.post("/__admin/clock", json: ["reset": true]).status == 200)

        // A code sent before a restart still works after it (the outbox, in memory, does not).
        #expect(try admin.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": "18600000002"]).status == 200)
        let kept = try #require(try admin.get("/__admin/outbox?phone=18600000002").json?["results"]?[0]?["code"]?.stringValue)
        server.signal(SIGTERM)
        #expect(server.waitForExit(timeout: 10) == .exited(0))
        server = try await TestServer.startAsync(.binary, arguments: arguments)
        #expect(try client(server, .masterKey).get("/__admin/outbox").json?["results"]?.arrayValue?.isEmpty == true)
        #expect(try client(server).post("/1.1/verifySmsCode/\(kept)", json: ["mobilePhoneNumber": "18600000002"]).text == "{}")
    }
}
