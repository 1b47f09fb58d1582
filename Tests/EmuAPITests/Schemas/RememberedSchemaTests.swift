@testable import EmuData
import EmuSQLite
import EmuTestSupport
import LCWire
import Testing

/// An in-memory app's writer remembers each class's schema while it changes nothing but objects
/// (`ObjectStore.schema`, `Database.keepingMemo`): the field types a write checks are always
/// those stored, after a reset, a snapshot's restore, a schema change or a rolled-back write.
@Suite struct RememberedSchemaTests {
    let emulator: TestServer
    let client: TestClient
    let master: TestClient

    init() throws {
        emulator = try TestServer.start(.inProcess)
        client = emulator.inProcessClient()
        master = emulator.inProcessClient(credentials: .masterKey)
    }

    func code(_ body: JSON) throws -> Int {
        let response = try client.post("/1.1/classes/Note", json: body)
        return response.status == 201 ? 0 : try #require(response.json?["code"]?.intValue)
    }

    @Test func creates_seeTheTypesTheirClassHasNow() throws {
        #expect(try code(["n": "text"]) == 0)
        #expect(try code(["n": "more"]) == 0)
        #expect(try code(["n": 1]) == 111)
        try emulator.appRuntime.reset()
        #expect(try code(["n": 1]) == 0)
        #expect(try master.put("/__admin/snapshots/numbers", json: [:]).status == 200)
        #expect(try code(["m": true]) == 0)
        #expect(try master.post("/__admin/snapshots/numbers/restore").status == 200)
        #expect(try code(["n": 2, "m": "not a boolean now"]) == 0)
        #expect(try code(["n": "text"]) == 111)
    }

    @Test func aRolledBackWrite_leavesNoTypeBehind() throws {
        #expect(try code(["n": 1]) == 0)
        let database = try emulator.appRuntime.database
        struct Undo: Error {}
        #expect(throws: Undo.self) {
            try database.write { db in
                var schema = try ClassSchema.load("Note", in: db)
                try schema.fix("late", for: .string("x"))
                try schema.saveIfChanged(now: LCDate(millisecondsSince1970: 0), in: db)
                #expect(try ObjectStore.schema(of: "Note", in: db)?["late"] != nil)
                throw Undo()
            }
        }
        #expect(try database.read { db in try ObjectStore.schema(of: "Note", in: db)?["late"] } == nil)
        #expect(try code(["late": 5]) == 0)
    }
}
