import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct CurrentUserTests {
    @Test func me_answersTheLogInShape_fromTheHeaderOrTheQuery() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let user = try client.signUp("tom")
        for response in [try client.acting(as: user.sessionToken).get("/1.1/users/me"),
                         try client.get("/1.1/users/me?session_token=\(user.sessionToken)")] {
            #expect(response.status == 200)
            #expect(response.json?["sessionToken"] == .string(user.sessionToken))
            #expect(response.json?["objectId"] == .string(user.objectId))
            #expect(response.json?["username"] == "tom")
        }
    }

    /// `?session_token=` names the token to check and wins over `X-LC-Session`, the caller's own:
    /// the Python SDK's `become` and `is_authenticated` send both (leancloud/user.py).
    @Test func me_prefersTheQueryToken_overTheHeader() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let tom = try client.signUp("tom")
        let ann = try client.signUp("ann")
        let asked = try client.acting(as: tom.sessionToken).get("/1.1/users/me?session_token=\(ann.sessionToken)")
        #expect(asked.json?["objectId"] == .string(ann.objectId))
        let stale = try client.acting(as: tom.sessionToken).get("/1.1/users/me?session_token=0000000000000000000000000")
        #expect(stale.json?["code"] == 211)
    }

    @Test(arguments: [nil, "0000000000000000000000000", "short"] as [String?])
    func me_withoutAValidSession_is211(token: String?) throws {
        let emulator = try TestServer.start()
        let response = try emulator.inProcessClient().acting(as: token).get("/1.1/users/me")
        #expect(response.status == 400)
        #expect(response.json == ["code": 211, "error": "Could not find user."])
    }

    @Test func sessionLifetime_expiresTokens_andLogInIssuesANewOne() throws {
        let emulator = try TestServer.start { $0.apps[0].options.sessionLifetime = 60 }
        let client = emulator.inProcessClient()
        let clock = emulator.emulator.clock
        clock.set(milliseconds: 1_700_000_000_000)
        let user = try client.signUp("tom")
        clock.advance(milliseconds: 59_999)
        #expect(try client.acting(as: user.sessionToken).get("/1.1/users/me").status == 200)
        clock.advance(milliseconds: 1)
        #expect(try client.acting(as: user.sessionToken).get("/1.1/users/me").json?["code"] == 211)
        // An expired session cannot write its user any more either.
        #expect(try client.acting(as: user.sessionToken).put("/1.1/users/\(user.objectId)", json: ["a": 1])
            .json?["code"] == 206)
        let fresh = try #require(try client.logIn(["username": "tom", "password": "secret"]).json?["sessionToken"])
        #expect(fresh != .string(user.sessionToken))
        #expect(try client.acting(as: fresh.stringValue).get("/1.1/users/me").status == 200)
    }

    @Test func withoutSessionLifetime_tokensNeverExpire() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let user = try client.signUp("tom")
        emulator.emulator.clock.advance(milliseconds: 10 * 365 * 86_400_000)
        #expect(try client.acting(as: user.sessionToken).get("/1.1/users/me").status == 200)
    }
}
