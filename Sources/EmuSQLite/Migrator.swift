/// Applies ordered, named schema migrations, each exactly once per database.
///
/// Applied names are recorded in `emu_migrations(name TEXT PRIMARY KEY, applied_at TEXT)`.
/// Each migration runs in its own write transaction together with its record, so a failing
/// migration leaves neither its changes nor a record behind, and earlier ones stay applied.
/// Names are the identity: never rename or reorder a migration that has shipped; add a new one.
public struct Migrator {
    private var migrations: [(name: String, body: (Database) throws -> Void)] = []

    /// The table that records applied migrations.
    public static let tableName = "emu_migrations"

    /// An empty migrator.
    public init() {}

    /// The registered names, in the order they run.
    public var migrationNames: [String] { migrations.map(\.name) }

    /// Appends a migration. Registering the same name twice is a programming error and traps,
    /// because the second one would silently never run.
    public mutating func registerMigration(_ name: String, _ body: @escaping (Database) throws -> Void) {
        precondition(!migrations.contains { $0.name == name }, "duplicate migration name \(name)")
        migrations.append((name, body))
    }

    /// Runs every registered migration not yet recorded in the database, in registration order,
    /// and returns the names that ran now (empty when the schema was up to date).
    ///
    /// Safe against a second process migrating at the same time: each step re-checks its record
    /// inside its IMMEDIATE transaction, which holds the write lock.
    @discardableResult
    public func migrate(_ queue: DatabaseQueue) throws -> [String] {
        try queue.write { db in
            try db.execute("""
                CREATE TABLE IF NOT EXISTS \(Migrator.tableName) (
                    name TEXT PRIMARY KEY NOT NULL,
                    applied_at TEXT NOT NULL
                )
                """)
        }
        var ran: [String] = []
        for migration in migrations {
            let didRun = try queue.write { db -> Bool in
                if try Migrator.isApplied(migration.name, in: db) { return false }
                try migration.body(db)
                try db.execute(
                    "INSERT INTO \(Migrator.tableName) (name, applied_at) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
                    [.text(migration.name)])
                return true
            }
            if didRun { ran.append(migration.name) }
        }
        return ran
    }

    /// The names recorded as applied, oldest first; empty for a database never migrated.
    public func appliedMigrations(_ queue: DatabaseQueue) throws -> [String] {
        try queue.read { db in
            let exists = try db.scalar(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(Migrator.tableName)])
            guard exists != nil else { return [] }
            return try db.query("SELECT name FROM \(Migrator.tableName) ORDER BY applied_at, rowid")
                .compactMap { $0.first?.textValue }
        }
    }

    private static func isApplied(_ name: String, in db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM \(tableName) WHERE name = ?", [.text(name)]) != nil
    }
}
