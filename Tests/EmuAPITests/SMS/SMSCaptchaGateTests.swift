@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import Foundation
import LCWire
import Testing

@Suite struct SMSCaptchaGateTests {
    let phone: JSON = "18600000002"

    @Test func requireCaptcha_refusesSmsWithoutValidateToken_with608() throws {
        let emulator = try TestServer.start(messages: { $0.requireCaptchaForSms = true })
        let response = try emulator.inProcessClient().post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone])
        #expect(response.status == 400)
        #expect(response.text == #"{"code":608,"error":"Missing validate token."}"#)
        // The master key (server-side code) is not asked for a captcha.
        #expect(try emulator.inProcessClient(credentials: .masterKey).post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone]).status == 200)
    }

    @Test func validateToken_isSingleUse_andAnUnknownOneFails() throws {
        let emulator = try TestServer.start(messages: { $0.captchaFixedCode = "AAAA"; $0.smsRateLimits = false })
        let client = emulator.inProcessClient()
        let token = try #require(try client.get("/1.1/requestCaptcha").json?["captcha_token"])
        let validate = try #require(try client.post("/1.1/verifyCaptcha", json: ["captcha_code": "AAAA", "captcha_token": token]).json?["validate_token"])
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone, "validate_token": validate]).status == 200)
        let reused = try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone, "validate_token": validate])
        #expect(reused.status == 400)
        #expect(reused.json?["code"] == 1)
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone, "validate_token": "made-up"]).json?["code"] == 1)
    }

    @Test func rateLimitedRequest_doesNotSpendTheValidateToken() throws {
        let emulator = try TestServer.start(messages: { $0.captchaFixedCode = "AAAA" })
        let client = emulator.inProcessClient()
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone]).status == 200)
        let token = try #require(try client.get("/1.1/requestCaptcha").json?["captcha_token"])
        let validate = try #require(try client.post("/1.1/verifyCaptcha", json: ["captcha_code": "AAAA", "captcha_token": token]).json?["validate_token"])
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone, "validate_token": validate]).json?["code"] == 1)
        MessageTestSupport.advance(emulator, "61s")
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone, "validate_token": validate]).status == 200)
    }

    @Test func codes_surviveARestart_inAFileDatabase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcemu-sms-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let code: String
        do {
            let emulator = try TestServer.start { $0.dataDirectory = directory }
            #expect(try emulator.inProcessClient().post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": phone]).status == 200)
            code = try #require(try MessageTestSupport.outboxCode(emulator, "phone=18600000002"))
            emulator.emulator.shutdown()
        }
        let restarted = try TestServer.start { $0.dataDirectory = directory }
        #expect(try restarted.inProcessClient().post("/1.1/verifySmsCode/\(code)", json: ["mobilePhoneNumber": phone]).status == 200)
    }

    @Test func smsCodes_internalAPI_matchesPurposeAndRecordsTheUser() throws {
        let emulator = try TestServer.start()
        let app = try MessageTestSupport.app(emulator)
        let number = try #require(PhoneNumber("18600000003"))
        let now = app.clock.nowMilliseconds
        let code = try app.database.write { db in
            try SMSCodes.issue(SMSCodes.Request(phone: number, purpose: "changePhone", userId: "u1"),
                               fixedCode: nil, enforceLimits: true, now: now, in: db)
        }
        try app.database.write { db in
            #expect(try SMSCodes.consume(phone: number, code: code, purpose: "login", now: now, in: db) == nil)
            let record = try SMSCodes.consume(phone: number, code: code, purposes: ["verify", "changePhone"], now: now, in: db)
            #expect(record == SMSCodes.Record(phone: "+8618600000003", purpose: "changePhone", userId: "u1"))
            #expect(try SMSCodes.consume(phone: number, code: code, purpose: "changePhone", now: now, in: db) == nil)
        }
    }
}
