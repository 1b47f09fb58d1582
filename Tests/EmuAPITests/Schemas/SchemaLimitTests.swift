@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// spec §10: at most 300 fields per class and 500 classes per app; a write beyond is 154 and
/// changes nothing.
@Suite struct SchemaLimitTests {
    static let refusal = #"{"code":154,"error":"Exceeded an application threshold setting."}"#

    @Test func the301stField_isRefused_andTheObjectUnchanged() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let wide = JSON.object(JSONObject((0..<ClassSchema.maxFields).map { ("f\($0)", JSON(1)) }))
        let created = try client.post("/1.1/classes/Wide", json: wide)
        #expect(created.status == 201)
        let id = try #require(created.json?["objectId"]?.stringValue)
        let refused = try client.put("/1.1/classes/Wide/\(id)", json: ["f0": 2, "oneTooMany": 1])
        #expect(refused.status == 400)
        #expect(refused.text == Self.refusal)
        let fetched = try client.get("/1.1/classes/Wide/\(id)").json
        #expect(fetched?["f0"] == 1 && fetched?["oneTooMany"] == nil)
        #expect(try client.put("/1.1/classes/Wide/\(id)", json: ["f0": 3]).status == 200)
        #expect(try client.post("/1.1/classes/Wide", json: ["oneTooMany": nil]).status == 201)  // null types nothing
    }

    @Test func the501stClass_isRefused_butExistingClassesStillTakeObjects() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        #expect(try client.post("/1.1/classes/Existing", json: ["n": 1]).status == 201)
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        try app.database.write { db in
            for i in 1..<ObjectStore.maxClasses {
                try db.execute("INSERT INTO classes (name, created_at, schema) VALUES (?, 0, '{}')", [.text("Filler\(i)")])
            }
        }
        let refused = try client.post("/1.1/classes/OneTooMany", json: ["n": 1])
        #expect(refused.status == 400)
        #expect(refused.text == Self.refusal)
        #expect(try client.get("/1.1/classes/OneTooMany").json?["results"] == [])
        #expect(try client.post("/1.1/classes/Existing", json: ["n": 2]).status == 201)
    }
}
