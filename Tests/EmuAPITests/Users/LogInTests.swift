import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct LogInTests {
    let emulator: TestServer
    let client: TestClient
    let user: SignedUpUser
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
        user = try client.signUp("tom", password: "pw", extra: [
            "email": "tom@example.com", "mobilePhoneNumber": "18612340000", "phone": "x",
        ])
    }

    @Test(arguments: [
        ["username": "tom", "password": "pw"],
        ["email": "tom@example.com", "password": "pw"],
        ["mobilePhoneNumber": "18612340000", "password": "pw"],
        ["username": "tom", "email": "nobody@example.com", "password": "pw"],
    ] as [JSON])
    func logIn_answersTheUserWithItsStableToken(body: JSON) throws {
        let response = try client.logIn(body)
        #expect(response.status == 200, "\(response.text)")
        let answer = try #require(response.json?.objectValue)
        #expect(answer.keys.first == "sessionToken")
        #expect(answer["sessionToken"] == .string(user.sessionToken))
        #expect(answer["objectId"] == .string(user.objectId))
        #expect(answer["username"] == "tom")
        #expect(answer["phone"] == "x")
        #expect(answer["createdAt"] != nil && answer["updatedAt"] != nil)
        #expect(answer["password"] == nil)
    }

    @Test func legacyGetLogIn_answersLikePost() throws {
        let response = try client.get("/1.1/login?username=tom&password=pw")
        #expect(response.status == 200)
        #expect(response.json?["sessionToken"] == .string(user.sessionToken))
        #expect(try client.get("/1.1/login?username=tom&password=no").json?["code"] == 210)
    }

    static let failures: [(JSON, Int, String)] = [
        (["username": "tom", "password": "wrong"], 210, "The username and password mismatch."),
        (["username": "nobody", "password": "pw"], 211, "Could not find user."),
        (["email": "nobody@example.com", "password": "pw"], 205, "A user with the specified email was not found."),
        (["mobilePhoneNumber": "18600000000", "password": "pw"], 213,
         "A user with the specified mobile phone number was not found."),
        (["username": "tom"], 201, "Password is missing or empty."),
        (["password": "pw"], 200, "Username is missing or empty"),
    ]

    @Test(arguments: failures)
    func failedLogIn_answersItsCode(body: JSON, code: Int, message: String) throws {
        let response = try client.logIn(body)
        #expect(response.status == 400)
        #expect(response.json == ["code": .number(Double(code)), "error": .string(message)])
    }

    @Test func sevenFailures_lockTheAccount_evenForTheRightPassword_for15MinutesAfterTheLast() throws {
        let clock = emulator.emulator.clock
        clock.set(milliseconds: 1_700_000_000_000)
        for _ in 0..<6 {
            #expect(try client.logIn(["username": "tom", "password": "bad"]).json?["code"] == 210)
            clock.advance(milliseconds: 60_000)
        }
        #expect(try client.logIn(["username": "tom", "password": "pw"]).status == 200)  // 6 failures: not yet
        for _ in 0..<7 { _ = try client.logIn(["username": "tom", "password": "bad"]) }
        let locked = try client.logIn(["username": "tom", "password": "pw"])
        #expect(locked.json == ["code": 219, "error": "Tried too many times to signin."])
        clock.advance(milliseconds: 15 * 60_000 - 1)
        #expect(try client.logIn(["username": "tom", "password": "pw"]).json?["code"] == 219)
        clock.advance(milliseconds: 1)
        #expect(try client.logIn(["username": "tom", "password": "pw"]).status == 200)
    }

    @Test func failuresSpreadOverMoreThan15Minutes_doNotLock() throws {
        let clock = emulator.emulator.clock
        clock.set(milliseconds: 1_700_000_000_000)
        for _ in 0..<7 {
            _ = try client.logIn(["username": "tom", "password": "bad"])
            clock.advance(milliseconds: 3 * 60_000)
        }
        #expect(try client.logIn(["username": "tom", "password": "pw"]).status == 200)
    }

    @Test func lockout_isPerUser() throws {
        try client.signUp("ann", password: "pw")
        for _ in 0..<7 { _ = try client.logIn(["username": "tom", "password": "bad"]) }
        #expect(try client.logIn(["username": "tom", "password": "pw"]).json?["code"] == 219)
        #expect(try client.logIn(["username": "ann", "password": "pw"]).status == 200)
    }

    @Test func adminReset_forgetsFailuresAndSessions() throws {
        for _ in 0..<7 { _ = try client.logIn(["username": "tom", "password": "bad"]) }
        #expect(try emulator.inProcessClient(credentials: .masterKey).post("/__admin/reset").status == 200)
        #expect(try client.acting(as: user.sessionToken).get("/1.1/users/me").json?["code"] == 211)
        let failures = try emulator.appRuntime.database.read { db in
            try db.scalar("SELECT COUNT(*) FROM login_failures")?.int64Value
        }
        #expect(failures == 0)
    }
}
