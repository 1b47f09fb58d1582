import EmuAPI
import EmuHTTP
import EmuTestSupport
import LCWire
import Testing

/// `onVerified/sms` whenever a code makes a number verified — an SMS log-in, a password reset, a
/// number change — and only when it becomes verified (docs/cloud-code.md).
@Suite struct VerifiedHookTests {
    let engine: FakeEngine
    let emulator: TestServer
    let client: TestClient

    init() throws {
        engine = try FakeEngine(defines: ["__on_verified_sms"])
        emulator = try LogInHookTests.start(engine)
        client = emulator.client()
    }

    private func code(_ number: String, _ purpose: String) throws -> String {
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        return try #require(app.outbox.messages(to: PhoneNumber.lenient(number), purpose: purpose).first?.code)
    }

    private var heard: [JSON?] {
        engine.requests(to: "/1.1/functions/onVerified/sms").map { FakeEngine.body($0)?["object"] }
    }

    private func signUp(_ number: String) throws -> (id: String, token: String) {
        let created = try client.post("/1.1/users", json: ["username": .string(number), "password": "secret-1",
                                                           "mobilePhoneNumber": .string(number)])
        return (try #require(created.json?["objectId"]?.stringValue), try #require(created.json?["sessionToken"]?.stringValue))
    }

    @Test func anSMSLogIn_verifiesTheNumber_once() throws {
        let number = "+8618600000041"
        let userId = try signUp(number).id
        for round in 1...2 {
            #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": .string(number)]).status == 200)
            let login = try client.post("/1.1/login", json: ["mobilePhoneNumber": .string(number), "smsCode": .string(try code(number, "login"))])
            #expect(login.status == 200)
            if round == 1 { #expect(eventually { heard.count == 1 }) }
        }
        #expect(heard.count == 1)
        #expect(heard[0]?["objectId"] == .string(userId))
        #expect(heard[0]?["mobilePhoneVerified"] == true)
    }

    @Test func aPasswordResetBySMS_verifiesTheNumber() throws {
        let number = "+8618600000042"
        let userId = try signUp(number).id
        #expect(try client.post("/1.1/requestPasswordResetBySmsCode", json: ["mobilePhoneNumber": .string(number)]).status == 200)
        let reset = try client.put("/1.1/resetPasswordBySmsCode/\(try code(number, "resetPassword"))",
                                   json: ["password": "secret-2", "mobilePhoneNumber": .string(number)])
        #expect(reset.status == 200)
        #expect(eventually { heard.count == 1 })
        #expect(heard[0]?["objectId"] == .string(userId))
    }

    @Test func aNumberChange_verifiesTheNewNumber() throws {
        let (userId, token) = try signUp("+8618600000043")
        let number = "+8618600000044"
        #expect(try client.post("/1.1/requestChangePhoneNumber", json: ["mobilePhoneNumber": .string(number)],
                                headers: ["X-LC-Session": token]).status == 200)
        let changed = try client.post("/1.1/changePhoneNumber", json: ["mobilePhoneNumber": .string(number), "code": .string(try code(number, "changePhone"))])
        #expect(changed.status == 200)
        #expect(eventually { heard.count == 1 })
        #expect(heard[0]?["objectId"] == .string(userId))
        #expect(heard[0]?["mobilePhoneNumber"] == .string(number))
    }

    @Test func usersByMobilePhone_verifiesANewUsersNumber() throws {
        let number = "+8618600000045"
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": .string(number)]).status == 200)
        let created = try client.post("/1.1/usersByMobilePhone", json: ["mobilePhoneNumber": .string(number), "smsCode": .string(try code(number, "verify"))])
        #expect(created.status == 201)
        #expect(eventually { heard.count == 1 })
        #expect(heard[0]?["objectId"] == created.json?["objectId"])
    }
}
