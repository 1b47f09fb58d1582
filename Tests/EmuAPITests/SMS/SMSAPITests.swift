@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

@Suite struct SMSAPITests {
    let phone = "+8618600000001"

    @Test(arguments: ["18600000001", "+8618600000001", "+86 186-0000-0001"])
    func requestSmsCode_sendsSixDigitsToTheOutbox_andVerifyAcceptsThemOnce(number: String) throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let sent = try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": .string(number)])
        #expect(sent.status == 200)
        #expect(sent.text == "{}")
        let message = try #require(try MessageTestSupport.app(emulator).outbox.messages(to: phone).first)
        #expect(message.kind == .sms && message.purpose == "verify")
        let code = try #require(message.code)
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        #expect(message.text.contains(code))
        let verified = try client.post("/1.1/verifySmsCode/\(code)", json: ["mobilePhoneNumber": .string(number)])
        #expect(verified.status == 200)
        #expect(verified.text == "{}")
        let reused = try client.post("/1.1/verifySmsCode/\(code)", json: ["mobilePhoneNumber": .string(number)])
        #expect(reused.status == 400)
        #expect(reused.json?["code"] == 603)
    }

    @Test func verifySmsCode_rejectsWrongAndExpiredCodes() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": .string(phone), "ttl": 2]).status == 200)
        let code = try #require(try MessageTestSupport.outboxCode(emulator, "phone=\(phone.dropFirst())"))
        let wrong = code == "000000" ? "111111" : "000000"
        #expect(try client.post("/1.1/verifySmsCode/\(wrong)", json: ["mobilePhoneNumber": .string(phone)]).json?["code"] == 603)
        #expect(try client.post("/1.1/verifySmsCode/abc", json: ["mobilePhoneNumber": .string(phone)]).json?["code"] == 603)
        MessageTestSupport.advance(emulator, "2m")
        #expect(try client.post("/1.1/verifySmsCode/\(code)", json: ["mobilePhoneNumber": .string(phone)]).json?["code"] == 603)
    }

    static let badBodies: [(JSON, Int)] = [
        (JSON.object(JSONObject()), 212), (["mobilePhoneNumber": ""], 212), (["mobilePhoneNumber": "12345"], 127),
        (["mobilePhoneNumber": "28600000000"], 127), (["mobilePhoneNumber": "+8612345"], 127), (["mobilePhoneNumber": 18600000000], 127),
        (["mobilePhoneNumber": "18600000000", "smsType": "fax"], 1), (["mobilePhoneNumber": "18600000000", "ttl": 0], 1),
        (["mobilePhoneNumber": "+14155550100", "smsType": "voice"], 1),
    ]

    @Test(arguments: badBodies)
    func requestSmsCode_rejectsBadBodies(body: JSON, code: Int) throws {
        let emulator = try TestServer.start()
        let response = try emulator.inProcessClient().post("/1.1/requestSmsCode", json: body)
        #expect(response.status == 400)
        #expect(response.json?["code"] == JSON(code))
    }

    @Test func voice_goesToTheOutboxAsVoice() throws {
        let emulator = try TestServer.start()
        #expect(try emulator.inProcessClient().post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": .string(phone), "smsType": "voice"]).status == 200)
        #expect(try MessageTestSupport.app(emulator).outbox.messages(kind: .voice).count == 1)
    }

    @Test func rateLimits_tenSecondsThenAMinuteThenTenADay() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        func request() throws -> TestClient.Response { try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": .string(phone)]) }
        #expect(try request().status == 200)
        let tooFast = try request()
        #expect(tooFast.json?["code"] == 1)
        #expect(tooFast.json?["error"] == "SMS request too fast(1 request per 10s).")
        MessageTestSupport.advance(emulator, "11s")
        #expect(try request().json?["code"] == 601)
        for _ in 0..<9 {
            MessageTestSupport.advance(emulator, "61s")
            #expect(try request().status == 200)
        }
        MessageTestSupport.advance(emulator, "61s")
        #expect(try request().json?["code"] == 601)
        MessageTestSupport.advance(emulator, "1d")
        #expect(try request().status == 200)
    }

    @Test func rateLimits_canBeTurnedOff() throws {
        let emulator = try TestServer.start(messages: { $0.smsRateLimits = false })
        for _ in 0..<12 {
            #expect(try emulator.inProcessClient().post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": .string(phone)]).status == 200)
        }
    }

    @Test func fixedCodes_areSentWithoutLimits_andStaySingleUse() throws {
        let emulator = try TestServer.start(messages: { $0.fixedSmsCodes = ["+8618600000000": "123456"] })
        let client = emulator.inProcessClient()
        for _ in 0..<2 { #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": "18600000000"]).status == 200) }
        #expect(try MessageTestSupport.outboxCode(emulator, "phone=18600000000") == "123456")
        for _ in 0..<2 { #expect(try client.post("/1.1/verifySmsCode/123456", json: ["mobilePhoneNumber": "18600000000"]).status == 200) }
        #expect(try client.post("/1.1/verifySmsCode/123456", json: ["mobilePhoneNumber": "18600000000"]).json?["code"] == 603)
    }

    @Test func genericSmsOff_refusesClients_butNotTheMasterKey() throws {
        let emulator = try TestServer.start(messages: { $0.genericSmsEnabled = false })
        let body: JSON = ["mobilePhoneNumber": .string(phone)]
        let refused = try emulator.inProcessClient().post("/1.1/requestSmsCode", json: body)
        #expect(refused.json?["code"] == 119)
        #expect(try emulator.inProcessClient().post("/1.1/verifySmsCode/123456", json: body).json?["code"] == 119)
        #expect(try emulator.inProcessClient(credentials: .masterKey).post("/1.1/requestSmsCode", json: body).status == 200)
    }
}
