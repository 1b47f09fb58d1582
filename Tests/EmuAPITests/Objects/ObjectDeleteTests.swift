import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

@Suite struct ObjectDeleteTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    @Test(arguments: ["", "null", "{}", #"{"__ignore_hooks":["beforeDelete"]}"#])
    func delete_answersEmptyObject_whateverTheBody(body: String) throws {
        let id = try client.create("Post", [:])
        let response = try client.send("DELETE", "/1.1/classes/Post/\(id)", body: Array(body.utf8))
        #expect(response.status == 200)
        #expect(response.text == "{}")
        #expect(try client.get("/1.1/classes/Post/\(id)").text == "{}")
    }

    @Test func delete_ofUnknownIdInExistingClass_isLenient() throws {
        try client.create("Post", [:])
        let response = try client.delete("/1.1/classes/Post/558e20cbe4b060308e3eb36c")
        #expect(response.status == 200)
        #expect(response.text == "{}")
    }

    @Test func delete_ofUnknownClass_is404With101() throws {
        let response = try client.delete("/1.1/classes/Nothing/558e20cbe4b060308e3eb36c")
        #expect(response.status == 404)
        #expect(errorCode(response) == 101)
    }

    @Test func delete_withWhere_deletesOnlyWhenItMatches() throws {
        let id = try client.create("Post", ["status": "draft"])
        let published = try client.delete("/1.1/classes/Post/\(id)?where=" + encoded(#"{"status":"published"}"#))
        #expect(published.status == 400)
        #expect(errorCode(published) == 305)
        #expect(try client.fetch("Post", id)["status"] == "draft")
        let draft = try client.delete("/1.1/classes/Post/\(id)?where=" + encoded(#"{"status":"draft"}"#))
        #expect(draft.status == 200)
        #expect(try client.get("/1.1/classes/Post/\(id)").text == "{}")
    }

    @Test func delete_withWhere_ofUnknownId_is305() throws {
        try client.create("Post", [:])
        let response = try client.delete("/1.1/classes/Post/558e20cbe4b060308e3eb36c?where=%7B%7D")
        #expect(errorCode(response) == 305)
    }

    @Test func delete_removesTheObjectsRelationMembers() throws {
        let member = try client.create("Person", [:])
        let team = try client.create("Team", ["members": ["__op": "AddRelation", "objects": [pointer("Person", member)]]])
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        #expect(try relationRows(app) == 1)
        _ = try client.delete("/1.1/classes/Team/\(team)")
        #expect(try relationRows(app) == 0)
    }

    private func relationRows(_ app: AppRuntime) throws -> Int64 {
        try app.database.read { db in try db.scalar("SELECT count(*) FROM relations")?.int64Value ?? -1 }
    }
}

@Suite struct ObjectAliasTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    @Test(arguments: [("users", "_User"), ("roles", "_Role"), ("installations", "_Installation")])
    func alias_andClassesPath_addressTheSameObjects(alias: String, className: String) throws {
        // Roles need an ACL and keep their name (spec §6.4); a user needs the sign-up fields (§5.3),
        // an installation its platform and device id (docs/push.md).
        var body: JSONObject = ["name": "n", "ACL": ["*": ["read": true, "write": true]]]
        if className == "_User" { body["username"] = "u"; body["password"] = "p" }
        if className == "_Installation" { body["deviceType"] = "android"; body["installationId"] = "device-1" }
        var client = self.client
        let created = try client.post("/1.1/\(alias)", json: .object(body))
        #expect(created.status == 201)
        // Only the user itself may change a user (spec §5.6).
        client.sessionToken = created.json?["sessionToken"]?.stringValue
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(created.headers["Location"] == "http://localhost/1.1/\(alias)/\(id)")
        #expect(try client.get("/1.1/classes/\(className)/\(id)").json?["name"] == "n")
        #expect(try client.put("/1.1/\(alias)/\(id)", json: ["note": "m"]).status == 200)
        #expect(try client.get("/1.1/\(alias)/\(id)").json?["note"] == "m")
        #expect(try client.delete("/1.1/classes/\(className)/\(id)").status == 200)
        let gone = try client.get("/1.1/\(alias)/\(id)")
        #expect(className == "_User" ? gone.status == 400 : gone.text == "{}")
    }

    @Test func user_passwordIsStoredHashed() throws {
        let created = try client.post("/1.1/users", json: ["username": "u", "password": "secret"])
        let id = try #require(created.json?["objectId"]?.stringValue)
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let stored = try app.database.read { db in
            try ObjectStore.fetch(className: "_User", objectId: id, in: db)?.fields["password"]?.stringValue
        }
        #expect(stored != nil)
        #expect(stored != "secret")
        #expect(try client.post("/1.1/users", json: ["username": "v", "password": 42]).json?["code"] == 218)
    }
}
