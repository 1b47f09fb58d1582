@testable import EmuData
import EmuSQLite
import EmuTestSupport
import LCWire
import Testing

/// Migration `object-keys-v1` moves the fields that find users and installations from partial
/// indexes on `objects` into side tables (`ObjectKeys`, docs/storage.md), so that the INSERT of
/// an object of any other class writes the table and its three indexes only.
@Suite struct ObjectKeysMigrationTests {
    static let oldIndexes = [
        "users_v1_by_username", "users_v1_by_email", "users_v1_by_phone",
        "push_v1_installations_by_token", "push_v1_installations_by_id",
    ]

    /// Puts a migrated database back in the state the schema before `object-keys-v1` left it
    /// (the partial indexes of `users-v1` and `push-v1`, no side tables) and writes `rows` as
    /// the INSERT of that time did: into `objects` alone.
    static func makeOldSchema(_ queue: DatabaseQueue, rows: [(className: String, id: String, data: String)]) throws {
        try queue.write { db in
            try db.execute("""
                DROP TABLE user_keys;
                DROP TABLE installation_keys;
                DELETE FROM emu_migrations WHERE name = 'object-keys-v1';
                CREATE INDEX users_v1_by_username ON objects (json_extract(data, '$.username')) WHERE class = '_User';
                CREATE INDEX users_v1_by_email ON objects (json_extract(data, '$.email')) WHERE class = '_User';
                CREATE INDEX users_v1_by_phone ON objects (json_extract(data, '$.mobilePhoneNumber'))
                    WHERE class = '_User';
                CREATE INDEX push_v1_installations_by_token ON objects (json_extract(data, '$.deviceToken'))
                    WHERE class = '_Installation';
                CREATE INDEX push_v1_installations_by_id ON objects (json_extract(data, '$.installationId'))
                    WHERE class = '_Installation';
                """)
            for (index, row) in rows.enumerated() {
                try db.execute("INSERT INTO objects (class, id, created_at, updated_at, acl, data) VALUES (?, ?, ?, ?, NULL, ?)",
                               [.text(row.className), .text(row.id), .integer(Int64(index)), .integer(Int64(index)), .text(row.data)])
            }
        }
    }

    @Test func aFileOfTheOldSchema_getsItsKeys_andLosesThePartialIndexes() throws {
        let directory = try TemporaryDirectory()
        let old = try AppDatabase.open(appId: "old", dataDirectory: directory.path)
        try Self.makeOldSchema(old, rows: [
            ("_User", "u1", #"{"username":"ann","email":"ann@example.com","mobilePhoneNumber":"18600000001"}"#),
            ("_User", "u2", #"{"username":"bob","email":7}"#),
            ("_Installation", "i1", #"{"deviceType":"ios","deviceToken":"token-1"}"#),
            ("_Installation", "i2", #"{"deviceType":"android","installationId":"device-1"}"#),
            ("_Installation", "i3", #"{"deviceType":"android","installationId":"device-1"}"#),
            ("Post", "p1", #"{"username":"not-a-user","deviceToken":"not-a-device"}"#),
        ])
        try old.close()

        let queue = try AppDatabase.open(appId: "old", dataDirectory: directory.path)
        defer { try? queue.close() }
        try queue.read { db in
            #expect(try UserStore.user(where: LCFieldName.username, equals: "ann", in: db)?.objectId == "u1")
            #expect(try UserStore.user(where: LCFieldName.email, equals: "ann@example.com", in: db)?.objectId == "u1")
            #expect(try UserStore.user(where: LCFieldName.mobilePhoneNumber, equals: "18600000001", in: db)?.objectId == "u1")
            #expect(try UserStore.user(where: LCFieldName.username, equals: "bob", in: db)?.objectId == "u2")
            #expect(try UserStore.user(where: LCFieldName.email, equals: "7", in: db) == nil)
            #expect(try UserStore.user(where: LCFieldName.username, equals: "not-a-user", in: db) == nil)
            #expect(try InstallationWrites.existingId(for: ["deviceToken": "token-1"], in: db) == "i1")
            #expect(try InstallationWrites.existingId(for: ["installationId": "device-1"], in: db) == "i2")  // the oldest
            #expect(try InstallationWrites.existingId(for: ["deviceToken": "not-a-device"], in: db) == nil)
            let indexes = try db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'objects'")
                .compactMap { $0.first?.textValue }
            #expect(Set(indexes).isDisjoint(with: Self.oldIndexes))
        }
    }

    /// Every lookup starts from its side table's index and reads its object by rowid, however
    /// many objects the class holds (a plain join may walk the class by date instead).
    @Test(arguments: [(ObjectKeys.user, LCFieldName.username, "user_keys_by_username"),
                      (ObjectKeys.user, LCFieldName.email, "user_keys_by_email"),
                      (ObjectKeys.user, LCFieldName.mobilePhoneNumber, "user_keys_by_mobile_phone"),
                      (ObjectKeys.installation, "deviceToken", "installation_keys_by_device_token"),
                      (ObjectKeys.installation, "installationId", "installation_keys_by_installation_id")])
    func aLookup_searchesItsIndex_thenTheRow(keys: ObjectKeys, field: String, index: String) throws {
        let queue = try AppDatabase.open(appId: "plans", dataDirectory: ":memory:")
        defer { try? queue.close() }
        let plan = try queue.read { db in
            try db.query("EXPLAIN QUERY PLAN " + keys.lookupSQL(field: field), [.text("x")]).compactMap { $0[3].textValue }
        }
        #expect(plan.first == "SEARCH k USING COVERING INDEX \(index) (\(index.dropFirst(keys.table.count + 4))=?)")
        #expect(plan.dropFirst().first == "SEARCH o USING INTEGER PRIMARY KEY (rowid=?)")
    }

    /// SQLite opens a write cursor on every index of a table for an INSERT, partial or not: the
    /// table, its `(class, id)` key and the two date indexes are all an object's INSERT opens.
    @Test func anObjectsInsert_opensTheTableAndItsThreeIndexesOnly() throws {
        let queue = try AppDatabase.open(appId: "fresh", dataDirectory: ":memory:")
        defer { try? queue.close() }
        let program = try queue.write { db in try db.query("EXPLAIN " + ObjectStore.insertSQL, Array(repeating: .null, count: 6)) }
        #expect(program.filter { $0[1].textValue == "OpenWrite" }.count == 4)
    }
}
