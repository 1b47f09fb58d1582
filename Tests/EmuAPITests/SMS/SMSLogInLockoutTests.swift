@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// The SMS-code log-in is outside the password lockout (docs/web-login.md, "Log-in lockout"):
/// LeanCloud's 219 is about passwords, and the code sent to the phone is the way back in.
@Suite struct SMSLogInLockoutTests {
    let number: JSON = "18600000005"

    @Test func aLockedAccount_stillLogsInWithAnSMSCode_andStaysLockedForPasswords() throws {
        let emulator = try TestServer.start(messages: { $0.smsRateLimits = false })
        let client = emulator.inProcessClient()
        #expect(try client.post("/1.1/users", json: ["username": "alice", "password": "secret-1", "mobilePhoneNumber": number]).status == 201)
        for _ in 0..<7 { _ = try client.post("/1.1/login", json: ["username": "alice", "password": "wrong"]) }
        #expect(try client.post("/1.1/login", json: ["username": "alice", "password": "secret-1"]).json?["code"] == 219)

        #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": number]).status == 200)
        let app = try MessageTestSupport.app(emulator)
        let sms = try #require(app.outbox.messages(to: PhoneNumber.lenient("18600000005"), purpose: "login").first?.code)
        #expect(try client.post("/1.1/login", json: ["mobilePhoneNumber": number, "smsCode": .string(sms)]).status == 200)
        // It neither clears nor counts password failures: the password lock runs its course.
        #expect(try client.post("/1.1/login", json: ["username": "alice", "password": "secret-1"]).json?["code"] == 219)
    }
}
