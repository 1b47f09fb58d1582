import EmuSQLite

/// How a reset puts an app's seed back cheaply (issue 31: a reset per test must cost a test
/// next to nothing). The first reset empties the data tables and inserts the seed's records,
/// as a start does, then copies every data table into a TEMP table of the writer connection
/// (`seed_image_<table>`); every later reset empties the tables and copies those rows back with
/// `INSERT … SELECT`, in SQL, without serializing a record again.
///
/// Why TEMP tables: they belong to the one writer connection (`DatabaseQueue` has exactly one,
/// for its whole life), so no reader, export or snapshot ever sees them; they need no file of
/// their own; and the copy back is an ordinary write of the main database in the reset's own
/// transaction, so a file database keeps its durability (WAL, `synchronous`) and a failed reset
/// rolls back whole. The copy is made in that transaction too: a rolled-back first reset leaves
/// no image. The seed of an app never changes while it runs (`AppRuntime.seed` is a constant),
/// and neither do the tables' columns (migrations run only at open), so the image stays right.
enum SeedRestore {
    static let imagePrefix = "seed_image_"

    /// Replaces the data tables' rows by the seed's and records its provenance; the caller
    /// provides the write transaction.
    static func reset(_ db: Database, to seed: SeedData) throws {
        for table in AppSchema.dataTables { try db.execute("DELETE FROM main.\(table)") }
        if try hasImage(db) {
            // Parents first (`dataTables` lists children first); rowid order is insertion order,
            // which queries use to break ties.
            for table in AppSchema.dataTables.reversed() {
                try db.execute("INSERT INTO main.\(table) SELECT * FROM temp.\(imagePrefix)\(table) ORDER BY rowid")
            }
            try seed.provenance.record(in: db)
        } else {
            try seed.insert(into: db)
            for table in AppSchema.dataTables {
                try db.execute("CREATE TEMP TABLE \(imagePrefix)\(table) AS SELECT * FROM main.\(table) ORDER BY rowid")
            }
        }
    }

    /// True once a reset has made the image on this connection.
    static func hasImage(_ db: Database) throws -> Bool {
        let last = imagePrefix + (AppSchema.dataTables.last ?? "")
        return try db.scalar("SELECT 1 FROM temp.sqlite_master WHERE type = 'table' AND name = ?", [.text(last)]) != nil
    }
}
