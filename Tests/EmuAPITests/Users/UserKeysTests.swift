import EmuAPI
import EmuData
import EmuSQLite
import EmuTestSupport
import LCWire
import Testing

/// The fields that find a user (username, email, phone) live in the side table `user_keys`
/// (`ObjectKeys`, docs/storage.md): every path that writes a user keeps it right, so uniqueness
/// (202, 203, 214) and log-in by each field follow the user's current values.
@Suite struct UserKeysTests {
    let emulator: TestServer
    let client: TestClient
    let master: TestClient

    init() throws {
        emulator = try TestServer.start(.inProcess, seeded: true)
        client = emulator.inProcessClient()
        master = emulator.inProcessClient(credentials: .masterKey)
    }

    /// Logs in with `field` = `value`; the answer's code, or 0 for a log-in.
    func logIn(_ field: String, _ value: String, password: String = "secret") throws -> Int {
        let response = try client.logIn(.object([field: .string(value), "password": .string(password)]))
        return response.status == 200 ? 0 : try #require(response.json?["code"]?.intValue)
    }

    /// The user row's keys as the side table holds them, nil when it has no row.
    func keys(of objectId: String) throws -> [SQLiteValue]? {
        try emulator.appRuntime.database.read { db in
            try db.query("""
                SELECT k.username, k.email, k.mobile_phone FROM user_keys AS k JOIN objects AS o ON o.rowid = k.rowid
                WHERE o.class = '_User' AND o.id = ?
                """, [.text(objectId)]).first
        }
    }

    @Test func signUp_findsEachField_andRefusesTakenOnesInOrder() throws {
        let ann = try client.signUp("ann", extra: ["email": "ann@example.com", "mobilePhoneNumber": "18600000001"])
        #expect(try logIn("username", "ann") == 0)
        #expect(try logIn("email", "ann@example.com") == 0)
        #expect(try logIn("mobilePhoneNumber", "18600000001") == 0)
        #expect(try logIn("username", "Ann") == 211)  // case-sensitive (§5.2)
        let taken: [(JSONObject, Int)] = [
            (["username": "ann", "email": "ann@example.com"], 202),
            (["username": "bob", "email": "ann@example.com", "mobilePhoneNumber": "18600000001"], 203),
            (["username": "bob", "email": "bob@example.com", "mobilePhoneNumber": "18600000001"], 214),
        ]
        for (body, code) in taken {
            var body = body
            body["password"] = "pw"
            #expect(try client.post("/1.1/users", json: .object(body)).json?["code"]?.intValue == code)
        }
        #expect(try keys(of: ann.objectId) == [.text("ann"), .text("ann@example.com"), .text("18600000001")])
        #expect(try logIn("username", "testuser", password: "lcemu-test-password") == 0)  // the seed's user
    }

    @Test func createThroughTheClass_andQueriesByTheFields() throws {
        let id = try emulator.createUser("carl", fields: ["email": "carl@example.com"])
        #expect(try logIn("email", "carl@example.com", password: "password-of-carl") == 0)
        #expect(try client.post("/1.1/users", json: ["username": "carl", "password": "pw"]).json?["code"] == 202)
        let found = try master.get(#"/1.1/classes/_User?where=%7B%22username%22:%22carl%22%7D"#).json?["results"]
        #expect(found?.arrayValue?.map { $0["objectId"] } == [.string(id)])
    }

    @Test func update_movesTheKeys_byPut_batch_deleteOp_andNull() throws {
        let ann = try client.signUp("ann", extra: ["email": "ann@example.com", "mobilePhoneNumber": "18600000001"])
        let me = client.acting(as: ann.sessionToken)
        #expect(try me.put("/1.1/users/\(ann.objectId)", json: ["username": "anna"]).status == 200)
        #expect(try logIn("username", "ann") == 211)
        #expect(try logIn("username", "anna") == 0)
        let batch: JSON = ["requests": [["method": "PUT", "path": .string("/1.1/classes/_User/\(ann.objectId)"),
                                         "body": ["email": "anna@example.com"]]]]
        #expect(try master.post("/1.1/batch", json: batch).json?[0]?["success"] != nil)
        #expect(try logIn("email", "ann@example.com") == 205)
        #expect(try logIn("email", "anna@example.com") == 0)
        #expect(try me.put("/1.1/users/\(ann.objectId)", json: ["email": ["__op": "Delete"], "mobilePhoneNumber": .null]).status == 200)
        #expect(try keys(of: ann.objectId) == [.text("anna"), .null, .null])
        // The old values are free again, for a sign-up and for another user's update.
        #expect(try client.signUp("ann", extra: ["email": "ann@example.com"]).objectId != ann.objectId)
        let bob = try client.signUp("bob")
        let takeOver = try client.acting(as: bob.sessionToken).put("/1.1/users/\(bob.objectId)",
                                                                  json: ["mobilePhoneNumber": "18600000001"])
        #expect(takeOver.status == 200)
        #expect(try client.acting(as: bob.sessionToken).put("/1.1/users/\(bob.objectId)", json: ["username": "anna"])
            .json?["code"] == 202)
    }

    /// The API refuses a non-string username, email or phone (217, 125, 127), but an import or a
    /// direct write may store one: it is no key, as no text a lookup binds equals it.
    @Test func aNonStringField_isNoKey() throws {
        let now = LCDate(millisecondsSince1970: 0)
        var record = ObjectRecord(className: LCClassName.user, objectId: "5f5e1000aabbccddee010203", createdAt: now,
                                  updatedAt: now, acl: nil, fields: ["username": 5, "email": "dan@example.com"])
        try emulator.appRuntime.database.write { db in try ObjectStore.insert(record, in: db) }
        #expect(try keys(of: record.objectId) == [.null, .text("dan@example.com"), .null])
        record.fields = ["username": "dan", "mobilePhoneNumber": ["x": 1]]
        try emulator.appRuntime.database.write { db in try ObjectStore.update(record, in: db) }
        #expect(try keys(of: record.objectId) == [.text("dan"), .null, .null])
    }

    /// A key left behind by a row deleted around `ObjectStore` finds nothing, even once another
    /// class's object takes its rowid.
    @Test func aKeyWithoutItsUser_findsNothing() throws {
        let ann = try client.signUp("ann")
        try emulator.appRuntime.database.write { db in
            try db.execute("DELETE FROM objects WHERE class = '_User' AND id = ?", [.text(ann.objectId)])
        }
        #expect(try master.post("/1.1/classes/Post", json: ["title": "maybe in ann's rowid"]).status == 201)
        #expect(try logIn("username", "ann") == 211)
        #expect(try client.signUp("ann").objectId != ann.objectId)
    }

    @Test func delete_resetAndSnapshots_keepTheKeysInStep() throws {
        let ann = try client.signUp("ann", extra: ["email": "ann@example.com"])
        #expect(try master.put("/__admin/snapshots/before", json: [:]).status == 200)
        #expect(try master.delete("/1.1/users/\(ann.objectId)").status == 200)
        #expect(try logIn("username", "ann") == 211)
        #expect(try keys(of: ann.objectId) == nil)
        #expect(try emulator.appRuntime.database.read { db in try db.scalar("SELECT count(*) FROM user_keys") }
            == emulator.appRuntime.database.read { db in try db.scalar("SELECT count(*) FROM objects WHERE class = '_User'") })
        #expect(try master.post("/__admin/snapshots/before/restore").status == 200)
        #expect(try logIn("email", "ann@example.com") == 0)
        try emulator.appRuntime.reset()
        #expect(try logIn("email", "ann@example.com") == 205)
        #expect(try client.signUp("ann").objectId != ann.objectId)
        #expect(try logIn("username", "testuser", password: "lcemu-test-password") == 0)
    }
}
