import EmuTestSupport
import EmuTesting
import LCWire
import Testing

@Suite struct BatchSaveTests {
    let emulator: TestServer

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    private func save(_ tier: Tier, _ requests: [JSON]) throws -> TestClient.Response {
        try emulator.client(tier).post("/1.1/batch/save", json: ["requests": .array(requests)])
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func save_createsChildFirst_andPointsParentAtIt(tier: Tier) throws {
        let response = try save(tier, [
            ["method": "POST", "path": "/1.1/classes/Child", "new": true, "body": ["__internalId": "c1", "name": "kid"]],
            ["method": "POST", "path": "/1.1/classes/Parent", "new": true, "params": ["fetchWhenSave": true],
             "body": ["__internalId": "p1", "title": "t", "__children": [["className": "Child", "cid": "c1", "key": "child"]]]],
        ])
        #expect(response.status == 200)
        let body = try #require(response.json?.objectValue)
        #expect(body.keys == ["c1", "p1"])
        let childId = try #require(body["c1"]?["objectId"]?.stringValue)
        let parentId = try #require(body["p1"]?["objectId"]?.stringValue)
        #expect(body["c1"]?["createdAt"] != nil)
        #expect(body["c1"]?["updatedAt"] == body["c1"]?["createdAt"])
        let parent = try #require(try emulator.stored("Parent", parentId))
        #expect(parent.fields == ["title": "t", "child": LCPointer(className: "Child", objectId: childId).json])
        #expect(try emulator.stored("Child", childId)?.fields == ["name": "kid"])
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func save_keysUpdates_byObjectId_andPassesWhereAsJSONText(tier: Tier) throws {
        let created = try save(tier, [["method": "POST", "path": "/1.1/classes/Foo", "body": ["__internalId": "f", "like": 1]]])
        let id = try #require(created.json?["f"]?["objectId"]?.stringValue)
        let response = try save(tier, [[
            "method": "PUT", "path": .string("/1.1/classes/Foo/\(id)"), "params": ["where": ["like": 1]],
            "body": ["__internalId": .string(id), "like": 0],
        ]])
        #expect(response.status == 200)
        let value = try #require(response.json?[id])
        #expect(value["objectId"] == .string(id))
        #expect(value["updatedAt"] != nil)
        #expect(value["where"] == #"{"like":1}"#)
        #expect(try emulator.stored("Foo", id)?.fields == ["like": 0])
    }

    @Test func save_answersSessionToken_whenTheSubRequestDoes() throws {
        let response = try save(.inProcess, [["method": "POST", "path": "/1.1/classes/Signup", "new": true,
                                              "body": ["__internalId": "u1", "username": "tom"]]])
        #expect(response.json?["u1"]?["sessionToken"] == "tok123")
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func save_failure_answersThatError_andRollsBackPlainObjectWrites(tier: Tier) throws {
        let response = try save(tier, [
            ["method": "POST", "path": "/1.1/classes/Kept", "body": ["__internalId": "k", "n": 1]],
            ["method": "PUT", "path": "/1.1/classes/Kept/0123456789abcdef01234567", "body": ["n": 2]],
        ])
        #expect(response.status == 404)
        #expect(response.json == ["code": 1, "error": "Could not find object by id '0123456789abcdef01234567' for class 'Kept'."])
        let count = try emulator.emulator.app(emulator.app.appId)?.database.read { db in
            try db.scalar("SELECT count(*) FROM objects WHERE class = 'Kept'")?.int64Value
        }
        #expect(count == 0)
    }

    @Test func save_failure_keepsEarlierSaves_whenNotEveryRequestIsAnObjectWrite() throws {
        let response = try save(.inProcess, [
            ["method": "POST", "path": "/1.1/test/items", "body": ["__internalId": "i", "n": 1]],
            ["method": "PUT", "path": "/1.1/classes/Item/0123456789abcdef01234567", "body": ["n": 2]],
        ])
        #expect(response.status == 404)
        let count = try emulator.emulator.app(emulator.app.appId)?.database.read { db in
            try db.scalar("SELECT count(*) FROM objects WHERE class = 'Item'")?.int64Value
        }
        #expect(count == 1)
    }

    static let malformed: [(JSON, String)] = [
        (["method": "POST", "path": "/1.1/classes/A", "body": [1]], "\"body\" is not an object"),
        (["method": "POST", "path": "/1.1/classes/A", "body": ["__internalId": 3]], "\"__internalId\" is not a string"),
        (["method": "POST", "path": "/1.1/classes/A", "body": ["__children": ["x"]]],
         "a \"__children\" element needs \"cid\" and \"key\" strings"),
        (["method": "POST", "path": "/1.1/classes/A", "body": ["__children": [["cid": "later", "key": "k"]]]],
         "\"__children\" names 'later', which no earlier request saves"),
        (["method": "POST", "path": "/1.1/classes/A", "body": ["__children": "x"]], "\"__children\" is not an array"),
    ]

    @Test(arguments: malformed)
    func save_refusesMalformedRequest_beforeRunningAny(request: JSON, reason: String) throws {
        let response = try save(.inProcess, [["method": "POST", "path": "/1.1/classes/A", "body": ["__internalId": "first"]], request])
        #expect(response.status == 400)
        #expect(response.json == ["code": 107, "error": .string("Malformed batch request at index 1: \(reason).")])
        #expect(try emulator.emulator.app(emulator.app.appId)?.database.read { db in
            try db.scalar("SELECT count(*) FROM objects")?.int64Value
        } == 0)
    }
}
