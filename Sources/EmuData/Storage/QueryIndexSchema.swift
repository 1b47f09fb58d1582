import EmuSQLite

/// The indexes queries use end with `acl`, so the caller's read filter is checked from the index
/// and a `count` never reads the rows it counts (docs/queries.md, "Speed and indexes").
enum QueryIndexSchema {
    /// Rebuilds the `createdAt`/`updatedAt` indexes with `rowid` (the tie-break of every
    /// `ORDER BY`) and `acl`, and drops the on-demand indexes made without them; `IndexAdvisor`
    /// recreates those, with `acl`, on the next query that needs one.
    static func addACLToIndexes(in db: Database) throws {
        let stale = try db.query(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'objects' AND name GLOB 'objects_q_*'")
            .compactMap { $0.first?.textValue }
        for name in stale {
            try db.execute("DROP INDEX \"\(name)\"")  // names come from sqlite_master, written by IndexAdvisor
        }
        try db.execute("""
            DROP INDEX objects_by_created;
            DROP INDEX objects_by_updated;
            CREATE INDEX objects_by_created ON objects (class, created_at, rowid, acl);
            CREATE INDEX objects_by_updated ON objects (class, updated_at, rowid, acl);
            """)
    }
}
