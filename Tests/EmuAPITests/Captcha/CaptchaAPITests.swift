@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

@Suite struct CaptchaAPITests {
    @Test func requestCaptcha_answersTokenAndURLOnThisServer() throws {
        let emulator = try TestServer.start()
        let response = try emulator.client().get("/1.1/requestCaptcha")
        #expect(response.status == 200)
        let token = try #require(response.json?["captcha_token"]?.stringValue)
        let url = try #require(response.json?["captcha_url"]?.stringValue)
        // The test client sends `Host: localhost`; the URL follows the Host the client used.
        #expect(url == "http://localhost/1.1/captchaImage?appId=\(emulator.app.appId)&token=\(token)")
        let code = try #require(try MessageTestSupport.outboxCode(emulator, "token=\(token)"))
        #expect(code.count == 4 && code.allSatisfy { CaptchaFont.alphabet.contains($0) })
    }

    @Test func captchaImage_servesThePNGWithoutKeys_atTheRequestedSize() throws {
        let emulator = try TestServer.start()
        let token = try #require(try emulator.inProcessClient().get("/1.1/requestCaptcha?width=150&height=50").json?["captcha_token"]?.stringValue)
        let response = try emulator.client(credentials: .none).get("/1.1/captchaImage?appId=\(emulator.app.appId)&token=\(token)")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "image/png")
        let png = try TestPNGDecoder(response.body)
        #expect(png.width == 150 && png.height == 50)
        let client = emulator.inProcessClient(credentials: .none)
        #expect(try client.get("/1.1/captchaImage?appId=\(emulator.app.appId)&token=nope").status == 404)
        #expect(try client.get("/1.1/captchaImage?appId=other&token=\(token)").status == 404)
    }

    @Test(arguments: ["width=59", "width=201", "height=29", "height=101", "width=abc", "size=2", "size=7", "ttl=9", "ttl=181"])
    func requestCaptcha_rejectsOutOfRangeParameters(query: String) throws {
        let emulator = try TestServer.start()
        let response = try emulator.inProcessClient(credentials: .masterKey).get("/1.1/requestCaptcha?\(query)")
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
    }

    @Test func sizeAndTTL_areMasterKeyOnly() throws {
        let emulator = try TestServer.start()
        #expect(try emulator.inProcessClient().get("/1.1/requestCaptcha?size=6").json?["code"] == 119)
        #expect(try emulator.inProcessClient().get("/1.1/requestCaptcha?ttl=100").json?["code"] == 119)
        let token = try #require(try emulator.inProcessClient(credentials: .masterKey).get("/1.1/requestCaptcha?size=6").json?["captcha_token"]?.stringValue)
        #expect(try MessageTestSupport.outboxCode(emulator, "token=\(token)")?.count == 6)
    }

    @Test func verifyCaptcha_givesASingleUseValidateToken_forTheRightAnswerInAnyCase() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let token = try #require(try client.get("/1.1/requestCaptcha").json?["captcha_token"]?.stringValue)
        let code = try #require(try MessageTestSupport.outboxCode(emulator, "token=\(token)"))
        let verified = try client.post("/1.1/verifyCaptcha", json: ["captcha_code": .string(code.lowercased()), "captcha_token": .string(token)])
        #expect(verified.status == 200)
        #expect(verified.json?["validate_token"]?.stringValue?.isEmpty == false)
        let again = try client.post("/1.1/verifyCaptcha", json: ["captcha_code": .string(code), "captcha_token": .string(token)])
        #expect(again.status == 400)
        #expect(again.json?["code"] == 1)
    }

    @Test func verifyCaptcha_wrongAnswerSpendsTheCaptcha() throws {
        let emulator = try TestServer.start(messages: { $0.captchaFixedCode = "AAAA" })
        let client = emulator.inProcessClient()
        let token = try #require(try client.get("/1.1/requestCaptcha").json?["captcha_token"]?.stringValue)
        #expect(try client.post("/1.1/verifyCaptcha", json: ["captcha_code": "CCCC", "captcha_token": .string(token)]).json?["code"] == 1)
        #expect(try client.post("/1.1/verifyCaptcha", json: ["captcha_code": "AAAA", "captcha_token": .string(token)]).status == 400)
    }

    @Test func verifyCaptcha_failsAfterTheTTL() throws {
        let emulator = try TestServer.start(messages: { $0.captchaFixedCode = "AAAA" })
        let client = emulator.inProcessClient(credentials: .masterKey)
        let token = try #require(try client.get("/1.1/requestCaptcha?ttl=10").json?["captcha_token"]?.stringValue)
        #expect(try client.post("/__admin/clock", json: ["advance": "11s"]).status == 200)
        #expect(try client.post("/1.1/verifyCaptcha", json: ["captcha_code": "AAAA", "captcha_token": .string(token)]).json?["code"] == 1)
        #expect(try client.get("/1.1/captchaImage?appId=\(emulator.app.appId)&token=\(token)").status == 404)
    }

    @Test(arguments: [JSON.object(JSONObject()), ["captcha_code": "AAAA"], ["captcha_token": "x"], ["captcha_code": 1, "captcha_token": "x"]])
    func verifyCaptcha_requiresCodeAndToken(body: JSON) throws {
        let emulator = try TestServer.start()
        let response = try emulator.inProcessClient().post("/1.1/verifyCaptcha", json: body)
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
    }

    @Test func captchaDisabled_refusesClients_butNotTheMasterKey() throws {
        let emulator = try TestServer.start(messages: { $0.captchaEnabled = false })
        let refused = try emulator.inProcessClient().get("/1.1/requestCaptcha")
        #expect(refused.status == 403)
        #expect(refused.json?["code"] == 119)
        #expect(try emulator.inProcessClient(credentials: .masterKey).get("/1.1/requestCaptcha").status == 200)
    }

    @Test func fixedCode_isEveryCaptchasAnswer() throws {
        let emulator = try TestServer.start(messages: { $0.captchaFixedCode = "K7AW" })
        let client = emulator.inProcessClient()
        let token = try #require(try client.get("/1.1/requestCaptcha").json?["captcha_token"]?.stringValue)
        #expect(try MessageTestSupport.outboxCode(emulator, "token=\(token)") == "K7AW")
        #expect(try client.post("/1.1/verifyCaptcha", json: ["captcha_code": "k7aw", "captcha_token": .string(token)]).status == 200)
    }
}
