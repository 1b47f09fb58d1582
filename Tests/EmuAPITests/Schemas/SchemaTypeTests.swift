import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct SchemaTypeTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    static let mismatches: [(JSON, JSON, String)] = [
        ("text", 1, "Invalid type for key 'f', expected 'String', but got 'Number'."),
        (1, "1", "Invalid type for key 'f', expected 'Number', but got 'String'."),
        (true, 0, "Invalid type for key 'f', expected 'Boolean', but got 'Number'."),
        ([1], ["a": 1], "Invalid type for key 'f', expected 'Array', but got 'Object'."),
        (["a": 1], [1], "Invalid type for key 'f', expected 'Object', but got 'Array'."),
        (["__type": "Date", "iso": "2015-01-01T00:00:00Z"], "2015-01-01", "Invalid type for key 'f', expected 'Date', but got 'String'."),
        (pointer("Post", "1"), pointer("Author", "1"), "Invalid type for key 'f', expected 'Pointer<Post>', but got 'Pointer<Author>'."),
        (["__type": "GeoPoint", "latitude": 1, "longitude": 1], ["a": 1], "Invalid type for key 'f', expected 'GeoPoint', but got 'Object'."),
        (["__type": "Bytes", "base64": "AA=="], "AA==", "Invalid type for key 'f', expected 'Bytes', but got 'String'."),
        (["__type": "File", "id": "x"], pointer("Post", "1"), "Invalid type for key 'f', expected 'File', but got 'Pointer<Post>'."),
    ]

    @Test(arguments: mismatches)
    func firstWrite_fixesTheType_laterOtherTypesAre111(first: JSON, second: JSON, message: String) throws {
        try client.create("Typed", ["f": first])
        let response = try client.post("/1.1/classes/Typed", json: ["f": second])
        #expect(response.status == 400)
        #expect(response.json?["code"] == 111)
        #expect(response.json?["error"] == .string(message))
    }

    @Test func null_fixesNoType_andIsAlwaysAccepted() throws {
        try client.create("Typed", ["f": nil])
        try client.create("Typed", ["f": 1])
        try client.create("Typed", ["f": nil])
        #expect(errorCode(try client.post("/1.1/classes/Typed", json: ["f": "s"])) == 111)
    }

    @Test func operations_areCheckedAgainstTheFixedType() throws {
        try client.create("Typed", ["f": "text"])
        let id = try client.create("Typed", [:])
        #expect(errorCode(try client.update("Typed", id, ["f": ["__op": "Increment", "amount": 1]])) == 111)
        #expect(errorCode(try client.update("Typed", id, ["f": ["__op": "Add", "objects": [1]]])) == 111)
        #expect(try client.update("Typed", id, ["f": ["__op": "Delete"]]).status == 200)
    }

    @Test func dotPathUpdates_fixTheTopLevelFieldAsObject() throws {
        let id = try client.create("Typed", [:])
        #expect(try client.update("Typed", id, ["meta.a": 1]).status == 200)
        #expect(errorCode(try client.post("/1.1/classes/Typed", json: ["meta": "s"])) == 111)
    }

    @Test func schema_isStoredInTheClassesTable() throws {
        try client.create("Typed", ["s": "x", "p": pointer("Post", "1"), "r": ["__op": "AddRelation", "objects": [pointer("_User", "1")]]])
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let schema = try #require(try app.database.read { db in try ObjectStore.schema(of: "Typed", in: db) })
        #expect(JSON.object(schema).jsonString ==
            #"{"s":{"type":"String"},"p":{"type":"Pointer","className":"Post"},"r":{"type":"Relation","className":"_User"}}"#)
    }

    @Test func secondGeoPointField_isRefused() throws {
        let point: JSON = ["__type": "GeoPoint", "latitude": 1, "longitude": 1]
        try client.create("Place", ["location": point])
        try client.create("Place", ["location": point])
        #expect(errorCode(try client.post("/1.1/classes/Place", json: ["other": point])) == 111)
    }

    @Test func failedWrite_fixesNoType() throws {
        try client.create("Typed", ["b": 1])
        #expect(errorCode(try client.post("/1.1/classes/Typed", json: ["a": 1, "b": "x"])) == 111)
        try client.create("Typed", ["a": "now a string"])
    }
}
