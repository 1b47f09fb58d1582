import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `/__admin/snapshots`: a test saves the app's data under a name and goes back to it.
@Suite struct SnapshotTests {
    let emulator: TestServer
    let admin: TestClient
    let client: TestClient

    init() throws {
        emulator = try TestServer.start(seeded: true)
        admin = emulator.inProcessClient(credentials: .masterKey)
        client = emulator.inProcessClient()
    }

    private func count(_ className: String) throws -> JSON? {
        try admin.get("/1.1/classes/\(className)?count=1&limit=0").json?["count"]
    }

    @Test func restore_bringsBackObjectsUsersAndSessions_andForgetsLaterChanges() throws {
        let userId = try emulator.createUser("alice")
        let token = try emulator.sessionToken(forUser: userId)
        let created = try #require(try client.post("/1.1/classes/Note", json: ["text": "kept"]).json?["objectId"]?.stringValue)
        let taken = try admin.put("/__admin/snapshots/baseline", json: [:])
        #expect(taken.status == 200)
        #expect(taken.json?["name"] == "baseline")
        let objects = try ["Post", "_User", "Note"].map { try #require(try count($0)?.intValue) }.reduce(0, +)
        #expect(taken.json?["objects"] == JSON(objects))

        _ = try admin.delete("/1.1/classes/Note/\(created)")
        _ = try client.post("/1.1/classes/Note", json: ["text": "later"])
        _ = try admin.delete("/1.1/users/\(userId)")
        #expect(try admin.post("/__admin/snapshots/baseline/restore").status == 200)

        let notes = try admin.get("/1.1/classes/Note").json?["results"]?.arrayValue
        #expect(notes?.map { $0["text"] } == ["kept"])
        #expect(notes?.first?["objectId"] == .string(created))
        let me = try client.get("/1.1/users/me", headers: ["X-LC-Session": token])
        #expect(me.json?["objectId"] == .string(userId))
    }

    @Test func aSnapshot_survivesReset_andCanBeRestoredAgainAndAgain() throws {
        _ = try client.post("/1.1/classes/Note", json: ["text": "fixture"])
        _ = try admin.put("/__admin/snapshots/fixture", json: [:])
        for _ in 0..<3 {
            #expect(try admin.post("/__admin/reset").status == 200)
            #expect(try count("Note") == 0)
            #expect(try admin.post("/__admin/snapshots/fixture/restore").status == 200)
            #expect(try count("Note") == 1)
        }
    }

    @Test func snapshots_areListedByName_andDeleted() throws {
        _ = try admin.put("/__admin/snapshots/b", json: [:])
        _ = try admin.put("/__admin/snapshots/a", json: [:])
        let names = try admin.get("/__admin/snapshots").json?["results"]?.arrayValue?.map { $0["name"] }
        #expect(names == ["a", "b"])
        #expect(try admin.delete("/__admin/snapshots/a").json?["deleted"] == 1)
        #expect(try admin.delete("/__admin/snapshots/a").json?["deleted"] == 0)
        let missing = try admin.post("/__admin/snapshots/a/restore")
        #expect(missing.status == 404)
        #expect(missing.text == #"{"code":1,"error":"No snapshot named 'a'."}"#)
    }

    @Test func theNumberOfSnapshots_isBounded() throws {
        for i in 0..<Snapshots.capacity { #expect(try admin.put("/__admin/snapshots/s\(i)", json: [:]).status == 200) }
        let refused = try admin.put("/__admin/snapshots/one-more", json: [:])
        #expect(refused.status == 400)
        #expect(refused.json?["code"] == 1)
        #expect(try admin.put("/__admin/snapshots/s0", json: [:]).status == 200)  // replacing is fine
    }

    @Test func everySnapshotRoute_needsTheMasterKey() throws {
        #expect(try client.put("/__admin/snapshots/x", json: [:]).status == 401)
        #expect(try client.post("/__admin/snapshots/x/restore").status == 401)
        #expect(try client.get("/__admin/snapshots").status == 401)
        #expect(try client.delete("/__admin/snapshots/x").status == 401)
    }
}
