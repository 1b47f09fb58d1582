import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct EmailFlowTests {
    let emulator: TestServer
    let client: TestClient
    let tom: SignedUpUser
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
        tom = try client.signUp("tom", password: "old", extra: ["email": "tom@example.com"])
    }

    /// The path of the link in the newest email to `to`.
    func linkPath(to address: String, purpose: String) throws -> String {
        let message = try #require(try emulator.appRuntime.outbox.messages(kind: .email, to: address, purpose: purpose).first)
        let link = try #require(message.link)
        #expect(message.text.contains(link))
        let start = try #require(link.range(of: "/__auth/"))
        return String(link[start.lowerBound...])
    }

    func postForm(_ path: String, _ form: String) throws -> TestClient.Response {
        try client.send("POST", path, body: Array(form.utf8),
                        headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    @Test func passwordReset_mailsALink_whoseFormSetsANewPassword_once() throws {
        let response = try client.post("/1.1/requestPasswordReset", json: ["email": "tom@example.com"])
        #expect(response.status == 200 && response.text == "{}")
        let path = try linkPath(to: "tom@example.com", purpose: "resetPassword")
        let form = try client.get(path)
        #expect(form.status == 200)
        #expect(form.headers["Content-Type"]?.hasPrefix("text/html") == true)
        #expect(form.text.contains("name=\"password\""))
        #expect(try postForm(path, "password=").status == 400)
        #expect(try postForm(path, "password=n%C3%A9w+pw").status == 200)
        #expect(try client.logIn(["username": "tom", "password": "new pw"]).status == 400)
        #expect(try client.logIn(["username": "tom", "password": "néw pw"]).status == 200)
        // spec §5.2: a reset ends the old session; the link works once.
        #expect(try client.acting(as: tom.sessionToken).get("/1.1/users/me").json?["code"] == 211)
        #expect(try postForm(path, "password=again").status == 404)
        #expect(try client.get(path).status == 404)
    }

    @Test func resetLink_expiresAfterOneHour() throws {
        let clock = emulator.emulator.clock
        clock.set(milliseconds: 1_700_000_000_000)
        _ = try client.post("/1.1/requestPasswordReset", json: ["email": "tom@example.com"])
        let path = try linkPath(to: "tom@example.com", purpose: "resetPassword")
        clock.advance(milliseconds: 3_599_999)
        #expect(try client.get(path).status == 200)
        clock.advance(milliseconds: 1)
        #expect(try postForm(path, "password=late").status == 404)
    }

    @Test func emailVerify_linkSetsEmailVerified_andExpiresAfterAWeek() throws {
        let clock = emulator.emulator.clock
        clock.set(milliseconds: 1_700_000_000_000)
        #expect(try client.post("/1.1/requestEmailVerify", json: ["email": "tom@example.com"]).text == "{}")
        let path = try linkPath(to: "tom@example.com", purpose: "verifyEmail")
        clock.advance(milliseconds: 7 * 86_400_000 - 1)
        #expect(try client.get(path).status == 200)
        #expect(try client.acting(as: tom.sessionToken).get("/1.1/users/me").json?["emailVerified"] == true)
        #expect(try client.get(path).status == 404)

        _ = try client.post("/1.1/requestEmailVerify", json: ["email": "tom@example.com"])
        let late = try linkPath(to: "tom@example.com", purpose: "verifyEmail")
        clock.advance(milliseconds: 7 * 86_400_000)
        #expect(try client.get(late).status == 404)
    }

    @Test func linkSentToAnOldEmail_stopsWorking_whenTheEmailChanges() throws {
        _ = try client.post("/1.1/requestEmailVerify", json: ["email": "tom@example.com"])
        let path = try linkPath(to: "tom@example.com", purpose: "verifyEmail")
        _ = try client.acting(as: tom.sessionToken).put("/1.1/users/\(tom.objectId)", json: ["email": "new@example.com"])
        #expect(try client.get(path).status == 404)
    }

    @Test(arguments: ["/1.1/requestPasswordReset", "/1.1/requestEmailVerify"])
    func emailRequests_answer204And205(path: String) throws {
        #expect(try client.post(path, json: [:]).json
            == ["code": 204, "error": "The email is missing, and must be specified."])
        #expect(try client.post(path, json: ["email": "nobody@example.com"]).json
            == ["code": 205, "error": "A user with the specified email was not found."])
    }
}
