import EmuSQLite
import Testing

@Suite struct MigratorTests {
    func makeMigrator(extra: Bool = false) -> Migrator {
        var migrator = Migrator()
        migrator.registerMigration("v1-objects") { db in
            try db.execute("CREATE TABLE objects(id TEXT PRIMARY KEY)")
        }
        migrator.registerMigration("v2-index") { db in
            try db.execute("ALTER TABLE objects ADD COLUMN name TEXT; CREATE INDEX objects_name ON objects(name);")
        }
        if extra {
            migrator.registerMigration("v3-users") { db in
                try db.execute("CREATE TABLE users(id TEXT PRIMARY KEY)")
            }
        }
        return migrator
    }

    @Test func migrations_runOnceAcrossTwoOpensOfTheSameFile() throws {
        try withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("db.sqlite").path

            let first = try DatabaseQueue(path: path)
            #expect(try makeMigrator().migrate(first) == ["v1-objects", "v2-index"])
            #expect(try makeMigrator().migrate(first) == [])
            try first.close()

            let second = try DatabaseQueue(path: path)
            let migrator = makeMigrator(extra: true)
            #expect(try migrator.migrate(second) == ["v3-users"])
            #expect(try migrator.appliedMigrations(second) == ["v1-objects", "v2-index", "v3-users"])
            #expect(try second.read { try $0.scalar("SELECT count(*) FROM emu_migrations WHERE applied_at LIKE '20%Z'") } == 3)
            try second.close()
        }
    }

    @Test func failingMigration_leavesNoTraceAndKeepsEarlierOnes() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        var migrator = Migrator()
        migrator.registerMigration("good") { try $0.execute("CREATE TABLE a(x)") }
        migrator.registerMigration("bad") { db in
            try db.execute("CREATE TABLE b(x)")
            throw TestFailure()
        }
        migrator.registerMigration("after") { try $0.execute("CREATE TABLE c(x)") }
        #expect(throws: TestFailure.self) { try migrator.migrate(queue) }
        #expect(try migrator.appliedMigrations(queue) == ["good"])
        let tables = try queue.read { try $0.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") }
        #expect(tables == [["a"], ["emu_migrations"]])
    }

    @Test func appliedMigrations_isEmptyForAFreshDatabase() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        #expect(try Migrator().appliedMigrations(queue) == [])
        #expect(makeMigrator().migrationNames == ["v1-objects", "v2-index"])
    }
}
