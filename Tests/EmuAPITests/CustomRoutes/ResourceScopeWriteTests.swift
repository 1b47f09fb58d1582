import EmuTestSupport
import EmuAPI
import LCWire
import Testing

/// A resource's `where` holds for its writes too (security review F3; docs/custom-backends.md
/// "Scope"): a create stores the scope's equality fields as the scope renders them, an update
/// never changes a field the scope names, and a body's `ACL` is not stored unless `fields`
/// declares it. Bob cannot write into alice's scope.
@Suite struct ResourceScopeWriteTests {
    let emulator: TestServer
    let bob: String
    let alice: String
    let aliceId: String

    init() throws {
        let server = try TestServer.start { $0.apps[0].options.returnACL = true }
        let (bobId, aliceId) = (try server.createUser("bob"), try server.createUser("alice"))
        emulator = server
        (bob, alice, self.aliceId) = (try server.sessionToken(forUser: bobId), try server.sessionToken(forUser: aliceId), aliceId)
    }

    static func notes(_ extra: JSONObject = [:]) -> JSON {
        var resource: JSONObject = ["path": "/notes", "class": "Note", "auth": ["require": "lcSession"],
                                    "where": ["owner": "{{caller.username}}"]]
        for (key, value) in extra { resource[key] = value }
        return ["id": "notes", "resource": .object(resource)]
    }

    func add(_ route: JSON) throws {
        let added = try emulator.inProcessClient(credentials: .masterKey).post("/__admin/routes", json: route)
        #expect(added.status == 201, "\(added.text)")
    }

    func send(_ method: String, _ path: String, as token: String, _ body: JSON) throws -> TestClient.Response {
        try emulator.inProcessClient(credentials: .none).send(method, path, body: body.isNull ? [] : body.serialized(),
                                                              headers: ["X-LC-Session": token, "Content-Type": "application/json"])
    }

    @Test(arguments: [false, true])
    func aCreate_storesTheScopesOwner_notTheBodys(declaringFields: Bool) throws {
        try add(Self.notes(declaringFields ? ["fields": ["objectId": "string", "owner": "string", "text": "string"]] : [:]))
        let created = try send("POST", "/notes", as: bob, ["owner": "alice", "text": "mine"])
        #expect(created.status == 200, "\(created.text)")
        #expect(created.json?["owner"] == "bob")
        let id = try #require(created.json?["objectId"]?.stringValue)
        // Alice's list does not have it; bob's does.
        #expect(try send("GET", "/notes", as: alice, .null).json?.arrayValue?.count == 0)
        #expect(try send("GET", "/notes/\(id)", as: bob, .null).json?["text"] == "mine")
    }

    @Test func anUpdate_neverChangesAScopeField() throws {
        try add(Self.notes())
        let id = try #require(try send("POST", "/notes", as: bob, ["text": "a"]).json?["objectId"]?.stringValue)
        let updated = try send("PUT", "/notes/\(id)", as: bob, ["owner": "alice", "text": "b"])
        #expect(updated.status == 200, "\(updated.text)")
        #expect(updated.json?["owner"] == "bob")
        #expect(updated.json?["text"] == "b")
        let deleted = try send("PUT", "/notes/\(id)", as: bob, ["owner": ["__op": "Delete"]])
        #expect(deleted.json?["owner"] == "bob")
        #expect(try send("GET", "/notes/\(id)", as: alice, .null).status == 404)
    }

    /// "My objects" by a Pointer to the caller: the create stores the caller's pointer.
    @Test func aPointerScope_storesTheCallersPointer() throws {
        let pointer: JSON = ["__type": "Pointer", "className": "_User", "objectId": "{{caller.objectId}}"]
        try add(Self.notes(["where": ["$and": [["author": pointer], ["kind": "memo"]]]]))
        let forged: JSON = ["__type": "Pointer", "className": "_User", "objectId": .string(aliceId)]
        let created = try send("POST", "/notes", as: bob, ["author": forged, "kind": "other", "text": "x"])
        #expect(created.status == 200, "\(created.text)")
        #expect(created.json?["author"]?["objectId"] != .string(aliceId))
        #expect(created.json?["author"]?["className"] == "_User")
        #expect(created.json?["kind"] == "memo")
        let bobs = try send("GET", "/notes", as: bob, .null)
        #expect(bobs.json?.arrayValue?.count == 1, "\(bobs.text)")
        #expect(try send("GET", "/notes", as: alice, .null).json?.arrayValue?.count == 0)
    }

    @Test func fieldsTheScopeConstrainsOtherwise_areNotWrittenFromTheBody() throws {
        try add(Self.notes(["where": ["owner": "{{caller.username}}", "state": ["$in": ["open", "closed"]]]]))
        let created = try send("POST", "/notes", as: bob, ["state": "hidden", "text": "a"])
        #expect(created.status == 200, "\(created.text)")
        #expect(created.json?["state"] == nil)
        #expect(created.json?["owner"] == "bob")
    }

    @Test func aBodysACL_isNotStored_unlessFieldsDeclareIt() throws {
        try add(Self.notes())
        let acl: JSON = ["nobody": ["read": true, "write": true]]
        let id = try #require(try send("POST", "/notes", as: bob, ["text": "a", "ACL": acl]).json?["objectId"]?.stringValue)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.get("/1.1/classes/Note/\(id)?returnACL=true").json?["ACL"] != acl)
        _ = try send("PUT", "/notes/\(id)", as: bob, ["ACL": acl])
        #expect(try admin.get("/1.1/classes/Note/\(id)?returnACL=true").json?["ACL"] != acl)

        try add(["id": "open-notes", "resource": ["path": "/open-notes", "class": "Note",
                                                  "fields": ["objectId": "string", "text": "string", "ACL": "object"]]])
        let declared = try #require(try emulator.inProcessClient(credentials: .none).post("/open-notes", json: ["text": "b", "ACL": acl])
            .json?["objectId"]?.stringValue)
        #expect(try admin.get("/1.1/classes/Note/\(declared)?returnACL=true").json?["ACL"] == acl)
    }
}
