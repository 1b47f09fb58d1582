import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `GET /1.1/schemas[/<Class>]` (spec §8.4): the classes and their fields' types, master only.
@Suite struct SchemaEndpointTests {
    @Test func aClassSchema_listsServerFieldsFirst_thenEveryWrittenType() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let author = try emulator.createUser("alice")
        let created = try client.post("/1.1/classes/Review", json: [
            "stars": 4, "text": "good", "tags": ["a"], "meta": ["k": "v"], "seen": true,
            "at": ["__type": "Date", "iso": "2026-01-01T00:00:00.000Z"],
            "author": ["__type": "Pointer", "className": "_User", "objectId": .string(author)],
            "where": ["__type": "GeoPoint", "latitude": 1, "longitude": 2],
            "nothing": nil,
        ])
        #expect(created.status == 201)
        let schema = try emulator.inProcessClient(credentials: .masterKey).get("/1.1/schemas/Review")
        #expect(schema.status == 200)
        #expect(schema.text == #"{"objectId":{"type":"String"},"createdAt":{"type":"Date"},"updatedAt":{"type":"Date"},"ACL":{"type":"ACL"},"# +
            #""at":{"type":"Date"},"author":{"type":"Pointer","className":"_User"},"meta":{"type":"Object"},"seen":{"type":"Boolean"},"# +
            #""stars":{"type":"Number"},"tags":{"type":"Array"},"text":{"type":"String"},"where":{"type":"GeoPoint"}}"#)
    }

    @Test func seededFields_areTypedFromTheirValues() throws {
        let emulator = try TestServer.start(seeded: true)
        let post = try #require(try emulator.inProcessClient(credentials: .masterKey).get("/1.1/schemas/Post").json)
        #expect(post["title"] == ["type": "String"])
        #expect(post["likes"] == ["type": "Number"])
        #expect(post["published"] == ["type": "Boolean"])
        #expect(post["tags"] == ["type": "Array"])
    }

    @Test func allClasses_byName_withoutTheHiddenPasswordHash() throws {
        let emulator = try TestServer.start()
        _ = try emulator.createUser("alice")
        _ = try emulator.inProcessClient().post("/1.1/classes/Zebra", json: ["n": 1])
        let all = try #require(try emulator.inProcessClient(credentials: .masterKey).get("/1.1/schemas").json?.objectValue)
        #expect(Array(all.keys) == ["Zebra", "_User"])
        #expect(all["_User"]?["username"] == ["type": "String"])
        #expect(all["_User"]?["_webPassword"] == nil)
    }

    @Test func anUnknownClass_is404_101_andKeysOtherThanMaster_are401() throws {
        let emulator = try TestServer.start()
        let unknown = try emulator.inProcessClient(credentials: .masterKey).get("/1.1/schemas/Nope")
        #expect(unknown.status == 404)
        #expect(unknown.json?["code"] == 101)
        #expect(try emulator.inProcessClient().get("/1.1/schemas").status == 401)
        #expect(try emulator.inProcessClient().get("/1.1/schemas/_User").status == 401)
    }
}
