import EmuAPI
import EmuData
import EmuHTTP
import EmuTestSupport
import LCWire
import Testing

/// `onVerified` runs when an address becomes verified (false → true), as LeanCloud's hook guide
/// describes it ("after the user verified"): a second code or link for an address verified
/// already answers as the first did, and calls no hook (docs/cloud-code.md). Hooks run in
/// order on one queue, so once another user's call is heard, a call that was due is too.
@Suite struct VerifiedOnceTests {
    @Test func verifyMobilePhone_ofAVerifiedNumber_answersTheSame_withoutOnVerified() throws {
        let engine = try FakeEngine(defines: ["__on_verified_sms"])
        let emulator = try LogInHookTests.start(engine)
        let client = emulator.client()
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        func codes(_ number: String, count: Int) throws -> [String] {
            for _ in 1...count {
                #expect(try client.post("/1.1/requestMobilePhoneVerify", json: ["mobilePhoneNumber": .string(number)]).status == 200)
            }
            return app.outbox.messages(to: PhoneNumber.lenient(number), purpose: "verifyPhone").compactMap(\.code)
        }
        func verify(_ number: String, _ code: String) throws -> TestClient.Response {
            try client.post("/1.1/verifyMobilePhone/\(code)", json: ["mobilePhoneNumber": .string(number)])
        }
        var ids: [String: JSON] = [:]
        for number in ["+8618600000061", "+8618600000062"] {
            ids[number] = try client.post("/1.1/users", json: ["username": .string(number), "password": "secret-1",
                                                               "mobilePhoneNumber": .string(number)]).json?["objectId"]
        }
        // Two codes while the number is not verified yet: the first verifies it, the second
        // finds it verified.
        let first = "+8618600000061"
        let twoCodes = try codes(first, count: 2)
        #expect(twoCodes.count == 2)
        for code in twoCodes {
            let verified = try verify(first, code)
            #expect(verified.status == 200)
            #expect(verified.json?["objectId"] == ids[first])
            #expect(verified.json?["updatedAt"]?.stringValue?.isEmpty == false)
        }
        let second = "+8618600000062"
        #expect(try verify(second, try #require(try codes(second, count: 1).first)).status == 200)
        let heard = { engine.requests(to: "/1.1/functions/onVerified/sms").map { FakeEngine.body($0)?["object"]?["objectId"] } }
        #expect(eventually { heard().count == 2 })
        #expect(heard() == [ids[first], ids[second]])
    }

    @Test func aSecondEmailLink_ofAVerifiedAddress_showsTheSamePage_withoutOnVerified() throws {
        let engine = try FakeEngine(defines: ["__on_verified_email"])
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        func links(_ email: String, count: Int) throws -> [String] {
            for _ in 1...count {
                #expect(try client.post("/1.1/requestEmailVerify", json: ["email": .string(email)]).status == 200)
            }
            return app.outbox.messages(kind: .email, to: email, purpose: "verifyEmail").compactMap(\.link).compactMap { link in
                link.range(of: "/__auth/").map { String(link[$0.lowerBound...]) }
            }
        }
        var ids: [String: JSON] = [:]
        for (name, email) in [("tom", "tom@example.com"), ("ann", "ann@example.com")] {
            ids[email] = try client.post("/1.1/users", json: ["username": .string(name), "password": "secret-1",
                                                              "email": .string(email)]).json?["objectId"]
        }
        let tomsLinks = try links("tom@example.com", count: 2)
        #expect(tomsLinks.count >= 2)
        for link in tomsLinks.prefix(2) {
            let page = try client.get(link)
            #expect(page.status == 200)
            #expect(page.text.contains("<title>Email verified</title>"))
        }
        #expect(try client.get(try #require(try links("ann@example.com", count: 1).first)).status == 200)
        let heard = { engine.requests(to: "/1.1/functions/onVerified/email").map { FakeEngine.body($0)?["object"]?["objectId"] } }
        #expect(eventually { heard().count == 2 })
        #expect(heard() == [ids["tom@example.com"], ids["ann@example.com"]])
    }
}
