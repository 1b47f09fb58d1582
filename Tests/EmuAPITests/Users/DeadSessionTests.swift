import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// A session that was revoked or expired: object writes are refused
/// with 211 whatever the ACL, reads go on as anonymous, and the way back in stays open.
@Suite struct DeadSessionTests {
    static let couldNotFindUser = #"{"code":211,"error":"Could not find user."}"#
    let emulator: TestServer
    let client: TestClient
    let dead: String
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
        let tom = try client.signUp("tom", password: "pw")
        dead = tom.sessionToken
        let refreshed = try client.acting(as: dead).put("/1.1/users/\(tom.objectId)/refreshSessionToken", json: [:])
        #expect(refreshed.status == 200)
    }

    @Test func writes_withADeadSession_areRefused_evenOnPublicObjects() throws {
        let master = emulator.inProcessClient(credentials: .masterKey)
        let id = try #require(try master.post("/1.1/classes/Note", json: ["t": "a"]).json?["objectId"]?.stringValue)
        let stale = client.acting(as: dead)
        for response in [
            try stale.post("/1.1/classes/Note", json: ["t": "b"]),
            try stale.put("/1.1/classes/Note/\(id)", json: ["t": "c"]),
            try stale.delete("/1.1/classes/Note/\(id)"),
        ] {
            #expect(response.status == 400 && response.text == Self.couldNotFindUser)
        }
        let batch = try stale.post("/1.1/batch", json: ["requests": [
            ["method": "PUT", "path": .string("/1.1/classes/Note/\(id)"), "body": ["t": "d"]],
        ]])
        #expect(batch.json?[0]?["error"]?["code"] == 211)
        #expect(try master.get("/1.1/classes/Note/\(id)").json?["t"] == "a")
        // Reads go on as anonymous.
        #expect(try stale.get("/1.1/classes/Note/\(id)").json?["t"] == "a")
    }

    @Test func logInAndSignUp_stillWork_whileADeadTokenIsSent() throws {
        let stale = client.acting(as: dead)
        #expect(try stale.logIn(["username": "tom", "password": "pw"]).status == 200)
        #expect(try stale.post("/1.1/users", json: ["username": "ann", "password": "pw"]).status == 201)
        #expect(try stale.get("/1.1/users/me").json?["code"] == 211)
    }
}
