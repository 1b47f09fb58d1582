@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

@Suite struct UserSMSTests {
    let number: JSON = "18600000005"

    /// An emulator without rate limits, one signed-up user with `number`, and a client.
    func start(_ configure: (inout MessageOptions) -> Void = { _ in }) throws -> (TestServer, TestClient, userId: String, token: String) {
        let emulator = try TestServer.start(messages: { $0.smsRateLimits = false; configure(&$0) })
        let client = emulator.inProcessClient()
        let created = try client.post("/1.1/users", json: ["username": "alice", "password": "secret-1", "mobilePhoneNumber": number])
        #expect(created.status == 201)
        return (emulator, client, try #require(created.json?["objectId"]?.stringValue), try #require(created.json?["sessionToken"]?.stringValue))
    }

    func code(_ emulator: TestServer, _ purpose: String, phone: String = "18600000005") throws -> String {
        try #require(try MessageTestSupport.app(emulator).outbox.messages(to: PhoneNumber.lenient(phone), purpose: purpose).first?.code)
    }

    @Test func loginSmsCode_logsIn_once_andVerifiesTheNumber() throws {
        let (emulator, client, userId, _) = try start()
        #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": "18600000099"]).json?["code"] == 213)
        #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": "+8618600000005"]).text == "{}")
        let sms = try code(emulator, "login")
        let login = try client.post("/1.1/login", json: ["mobilePhoneNumber": number, "smsCode": .string(sms)])
        #expect(login.status == 200)
        #expect(login.json?["objectId"]?.stringValue == userId)
        #expect(login.json?["sessionToken"]?.stringValue?.isEmpty == false)
        #expect(login.json?["mobilePhoneVerified"] == true)
        #expect(login.json?["password"] == nil)
        #expect(try client.post("/1.1/login", json: ["mobilePhoneNumber": number, "smsCode": .string(sms)]).json?["code"] == 603)
    }

    @Test func usersByMobilePhone_signsUpThenLogsIn() throws {
        let emulator = try TestServer.start(messages: { $0.smsRateLimits = false })
        let client = emulator.inProcessClient()
        #expect(try client.post("/1.1/usersByMobilePhone", json: ["mobilePhoneNumber": number, "smsCode": "000000"]).json?["code"] == 603)
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": number]).status == 200)
        let created = try client.post("/1.1/usersByMobilePhone", json: ["mobilePhoneNumber": number, "smsCode": .string(try code(emulator, "verify"))])
        #expect(created.status == 201)
        #expect(created.json?["username"] == number)
        #expect(created.json?["mobilePhoneVerified"] == true)
        #expect(created.json?["sessionToken"]?.stringValue?.isEmpty == false)
        #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": number]).status == 200)
        let again = try client.post("/1.1/usersByMobilePhone", json: ["mobilePhoneNumber": number, "smsCode": .string(try code(emulator, "login")), "password": "ignored"])
        #expect(again.status == 200)
        #expect(again.json?["objectId"] == created.json?["objectId"])
        #expect(again.json?["sessionToken"] == created.json?["sessionToken"])
    }

    @Test func mobilePhoneVerify_setsTheFlag_andThenSendsNothing() throws {
        let (emulator, client, userId, _) = try start()
        #expect(try client.post("/1.1/requestMobilePhoneVerify", json: ["mobilePhoneNumber": number]).text == "{}")
        let sms = try code(emulator, "verifyPhone")
        #expect(try client.post("/1.1/verifyMobilePhone/000000", json: ["mobilePhoneNumber": number]).json?["code"] == (sms == "000000" ? 200 : 603))
        let verified = try client.post("/1.1/verifyMobilePhone/\(sms)", json: ["mobilePhoneNumber": number])
        #expect(verified.json?["objectId"]?.stringValue == userId)
        #expect(verified.json?["updatedAt"]?.stringValue != nil)
        let sent = try MessageTestSupport.app(emulator).outbox.messages().count
        #expect(try client.post("/1.1/requestMobilePhoneVerify", json: ["mobilePhoneNumber": number]).text == "{}")
        #expect(try MessageTestSupport.app(emulator).outbox.messages().count == sent)
        #expect(try client.post("/1.1/requestMobilePhoneVerify", json: ["mobilePhoneNumber": "18600000099"]).json?["code"] == 213)
    }

    @Test func passwordResetBySms_changesThePassword_andEndsSessions() throws {
        var (emulator, client, _, token) = try start()
        #expect(try client.post("/1.1/requestPasswordResetBySmsCode", json: ["mobilePhoneNumber": "18600000099"]).json?["code"] == 213)
        #expect(try client.post("/1.1/requestPasswordResetBySmsCode", json: ["mobilePhoneNumber": number]).text == "{}")
        let sms = try code(emulator, "resetPassword")
        #expect(try client.put("/1.1/resetPasswordBySmsCode/\(sms)", json: ["mobilePhoneNumber": number]).json?["code"] == 201)
        #expect(try client.put("/1.1/resetPasswordBySmsCode/123", json: ["mobilePhoneNumber": number, "password": "new-pass"]).json?["code"] == 603)
        #expect(try client.put("/1.1/resetPasswordBySmsCode/\(sms)", json: ["mobilePhoneNumber": number, "password": "new-pass"]).text == "{}")
        client.sessionToken = token
        #expect(try client.get("/1.1/users/me").json?["code"] == 211)
        client.sessionToken = nil
        #expect(try client.post("/1.1/login", json: ["username": "alice", "password": "new-pass"]).status == 200)
        #expect(try client.post("/1.1/login", json: ["username": "alice", "password": "secret-1"]).json?["code"] == 210)
    }

    @Test func changePhoneNumber_needsTheSessionThatAskedForTheCode() throws {
        var (emulator, client, userId, token) = try start()
        let newNumber: JSON = "+8613900000001"
        #expect(try client.post("/1.1/requestChangePhoneNumber", json: ["mobilePhoneNumber": newNumber]).json?["code"] == 206)
        let bob = try client.post("/1.1/users", json: ["username": "bob", "password": "secret-2", "mobilePhoneNumber": "18600000006"])
        client.sessionToken = token
        #expect(try client.post("/1.1/requestChangePhoneNumber", json: ["mobilePhoneNumber": "18600000006"]).json?["code"] == 214)
        #expect(try client.post("/1.1/requestChangePhoneNumber", json: ["mobilePhoneNumber": newNumber]).text == "{}")
        let sms = try code(emulator, "changePhone", phone: "+8613900000001")
        client.sessionToken = bob.json?["sessionToken"]?.stringValue
        #expect(try client.post("/1.1/changePhoneNumber", json: ["mobilePhoneNumber": newNumber, "code": .string(sms)]).json?["code"] == 603)
        client.sessionToken = token
        #expect(try client.post("/1.1/changePhoneNumber", json: ["mobilePhoneNumber": newNumber, "code": .string(sms)]).text == "{}")
        let me = try client.get("/1.1/users/me")
        #expect(me.json?["objectId"]?.stringValue == userId)
        #expect(me.json?["mobilePhoneNumber"] == newNumber)
        #expect(me.json?["mobilePhoneVerified"] == true)
    }

    /// LeanCloud's reference example (and the Python SDK) sends no session: the code says whose
    /// number changes. A code issued for another purpose still does not.
    @Test func changePhoneNumber_withoutASession_changesTheNumberOfTheUserTheCodeWasFor() throws {
        var (emulator, client, userId, token) = try start()
        let newNumber: JSON = "+8613900000002"
        client.sessionToken = token
        #expect(try client.post("/1.1/requestChangePhoneNumber", json: ["mobilePhoneNumber": newNumber]).text == "{}")
        let sms = try code(emulator, "changePhone", phone: "+8613900000002")
        client.sessionToken = nil
        let wrong: JSON = .string(sms == "000000" ? "111111" : "000000")
        #expect(try client.post("/1.1/changePhoneNumber", json: ["mobilePhoneNumber": newNumber, "code": wrong]).json?["code"] == 603)
        #expect(try client.post("/1.1/changePhoneNumber", json: ["mobilePhoneNumber": newNumber, "code": .string(sms)]).text == "{}")
        let user = try emulator.inProcessClient(credentials: .masterKey).get("/1.1/users/\(userId)")
        #expect(user.json?["mobilePhoneNumber"] == newNumber)
        #expect(try client.post("/1.1/changePhoneNumber", json: ["mobilePhoneNumber": newNumber, "code": .string(sms)]).json?["code"] == 603)
    }

    /// The code is checked before the number: a wrong code answers 603 for an unknown number too,
    /// so it never tells whether a number is registered.
    @Test func wrongCodes_answer603_evenForUnknownNumbers() throws {
        let (emulator, client, _, _) = try start()
        defer { withExtendedLifetime(emulator) {} }
        let unknown: JSON = "18600000099"
        #expect(try client.post("/1.1/verifyMobilePhone/123456", json: ["mobilePhoneNumber": unknown]).json?["code"] == 603)
        #expect(try client.put("/1.1/resetPasswordBySmsCode/123456", json: ["mobilePhoneNumber": unknown, "password": "p-1"]).json?["code"] == 603)
    }

    @Test func captchaAndVerificationRequirements_applyToTheUserFlows() throws {
        // Keep the emulator: released, it shuts down.
        let (emulator, client, _, _) = try start { $0.requireCaptchaForSms = true; $0.requireVerifiedPhoneForSmsLogin = true }
        defer { withExtendedLifetime(emulator) {} }
        #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": number]).json?["code"] == 215)
        #expect(try client.post("/1.1/requestMobilePhoneVerify", json: ["mobilePhoneNumber": number]).json?["code"] == 608)
        #expect(try client.post("/1.1/requestPasswordResetBySmsCode", json: ["mobilePhoneNumber": "1234"]).json?["code"] == 127)
    }
}
