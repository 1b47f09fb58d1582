import EmuAPI
import EmuData
import EmuSQLite
import EmuTestSupport
import Foundation
import Primitives
import LCWire
import Testing

/// A reset puts back exactly the seeded rows, the first time and every later time (from the
/// copy `SeedRestore` keeps), durably for a file; a seeded in-memory start in a process that has
/// started one already copies the seeded image (`SeedImageCache`) and gets the same data, a
/// database of its own, and the same report (docs/testing.md, "Isolation").
@Suite struct SeedIsolationTests {
    /// Every data table's rows, rowid first (queries break ties by rowid).
    static func dump(_ app: AppRuntime) throws -> [String: [[SQLiteValue]]] {
        try app.database.read { db in
            var tables: [String: [[SQLiteValue]]] = [:]
            for table in AppSchema.dataTables { tables[table] = try db.query("SELECT rowid, * FROM \(table) ORDER BY rowid") }
            return tables
        }
    }

    /// Changes a bit of everything: a new user with a session, a seeded object edited, one deleted.
    static func scribble(on emulator: TestServer) throws {
        let client = emulator.inProcessClient(credentials: .masterKey)
        #expect(try client.post("/1.1/users", json: ["username": "scribbler", "password": "pw-123456"]).status == 201)
        #expect(try client.post("/1.1/classes/Note", json: ["text": "new"]).status == 201)
        try emulator.emulator.app(emulator.app.appId)!.database.write { db in
            try db.execute("UPDATE objects SET data = '{}' WHERE rowid = 2")
            try db.execute("DELETE FROM objects WHERE rowid = 3")
        }
    }

    @Test func reset_putsBackExactlyTheSeededRows_everyTime() throws {
        let emulator = try TestServer.start(.inProcess, seeded: true)
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let seeded = try Self.dump(app)
        #expect(seeded["objects"]!.count > 1)
        for _ in 0..<3 {
            try Self.scribble(on: emulator)
            #expect(try Self.dump(app) != seeded)
            try app.reset()
            let after = try Self.dump(app)
            #expect(after == seeded, "\(AppSchema.dataTables.filter { after[$0] != seeded[$0] }.map { "\($0): \(after[$0]!.prefix(3)) vs \(seeded[$0]!.prefix(3))" })")
        }
        // The copy is the writer's own: nothing of it is in the database's schema.
        let names = try app.database.read { db in try db.query("SELECT name FROM sqlite_master") }
        #expect(!names.contains { $0.first?.textValue?.hasPrefix("seed_image_") == true })
    }

    @Test func reset_ofAFileDatabase_isWhatTheFileHoldsAfterAStop() throws {
        let directory = try TemporaryDirectory()
        let configure: (inout EmulatorConfiguration) -> Void = { $0.dataDirectory = directory.path("data") }
        let first = try TestServer.start(.inProcess, seeded: true, configure: configure)
        let app = try #require(first.emulator.app(first.app.appId))
        let seeded = try Self.dump(app)
        try app.reset()
        try Self.scribble(on: first)
        try app.reset()  // from the copy
        first.emulator.shutdown()
        let again = try TestServer.start(.inProcess, seeded: true, configure: configure)
        #expect(try Self.dump(#require(again.emulator.app(again.app.appId))) == seeded)
    }

    @Test func secondInMemoryStart_copiesTheImage_sameData_ownDatabase_sameReport() throws {
        let first = try TestServer.start(.inProcess, seeded: true)
        let second = try TestServer.start(.inProcess, seeded: true)  // from the image the first left, at the latest
        let a = try #require(first.emulator.app(first.app.appId)), b = try #require(second.emulator.app(second.app.appId))
        #expect(try Self.dump(a) == Self.dump(b))
        #expect(second.emulator.seedStarts.map(\.outcome) == [.loaded])
        #expect(second.emulator.seedStarts.first?.objects == first.emulator.seedStarts.first?.objects)
        try Self.scribble(on: second)
        #expect(try Self.dump(a) != Self.dump(b))
        try b.reset()
        #expect(try Self.dump(a) == Self.dump(b))
        // The copy is a whole database: migrated, writable, its indexes there.
        #expect(try b.database.quickCheck().isEmpty)
        #expect(try second.inProcessClient(credentials: .masterKey).get("/1.1/classes/Post?limit=1").status == 200)
    }

    @Test func startsAtOnce_ofOneNewSeed_resetToWhatTheyStartedWith() throws {
        // A _User's password hash has a random salt: two parses of one seed differ, so every
        // start must go on with the same parse as the image it copies.
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("seed"), withIntermediateDirectories: true)
        _ = try directory.write("seed/_User.json", #"[{"objectId":"64b7f0c2e4b0a1d2c3f40001","username":"u","password":"pw-123456"}]"#)
        let seedPath = directory.path("seed")
        let configure: @Sendable (inout EmulatorConfiguration) -> Void = { $0.seedDirectory = seedPath }
        let servers = Locked<[TestServer]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if let server = try? TestServer.start(.inProcess, configure: configure) { servers.withValue { $0.append(server) } }
        }
        let all = servers.withValue { $0 } + [try TestServer.start(.inProcess, configure: configure)]
        #expect(all.count == 5)
        for server in all {
            let app = try #require(server.emulator.app(server.app.appId))
            let started = try Self.dump(app)
            try app.reset()
            try app.reset()
            #expect(try Self.dump(app) == started)
        }
    }

    @Test func unseededInMemoryStarts_areEmpty_andTheirOwn() throws {
        let first = try TestServer.start(.inProcess)
        let second = try TestServer.start(.inProcess)
        #expect(try first.inProcessClient(credentials: .masterKey).post("/1.1/classes/Note", json: ["text": "a"]).status == 201)
        let b = try #require(second.emulator.app(second.app.appId))
        #expect(try Self.dump(b).values.allSatisfy(\.isEmpty))
        #expect(second.emulator.seedStarts.map(\.summary) == ["none"])
    }

    @Test func initialData_isNeverTheEmptyImage() throws {
        _ = try TestServer.start(.inProcess)  // an empty database's image exists after this
        let record = ObjectRecord(className: "Note", objectId: "65a1f0c0e4b0a1d2c3f50009", createdAt: .now(),
                                  updatedAt: .now(), acl: nil, fields: ["text": "given"])
        let server = try TestServer.start(.inProcess) { $0.initialData[AppConfiguration.development.appId] = SeedData(records: [record]) }
        let app = try #require(server.emulator.app(server.app.appId))
        #expect(try Self.dump(app)["objects"]?.count == 1)
        #expect(server.emulator.seedStarts.map(\.outcome) == [.loaded])
    }

    @Test func seedFiles_areParsedOncePerProcess_untilTheyChange() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("seed"), withIntermediateDirectories: true)
        _ = try directory.write("seed/Post.json", #"[{"title":"one"}]"#)
        let first = try SeedData.load(directory: directory.path("seed"), now: .now())
        let again = try SeedData.load(directory: directory.path("seed"), now: .now())
        #expect(first.records.map(\.objectId) == again.records.map(\.objectId))  // generated ids: the same parse
        _ = try directory.write("seed/Post.json", #"[{"title":"two"}]"#)
        let changed = try SeedData.load(directory: directory.path("seed"), now: .now())
        #expect(changed.records.first?.fields["title"]?.stringValue == "two")
        #expect(!changed.provenance.isSameSeed(as: first.provenance))
    }
}
