import EmuSQLite
import Testing

/// A single connection: opening, closing, reading and writing every storage class.
@Suite struct DatabaseTests {
    @Test func inMemoryDatabase_opensAndCloses() throws {
        let db = try Database(path: ":memory:")
        #expect(db.isOpen)
        #expect(try db.scalar("SELECT 1 + 1") == .integer(2))
        try db.close()
        #expect(!db.isOpen)
        try db.close() // a second close is harmless
    }

    @Test func fileDatabase_persistsAcrossConnections() throws {
        try withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("a.sqlite").path
            let first = try Database(path: path)
            try first.execute("CREATE TABLE t(x); INSERT INTO t VALUES (42);")
            try first.close()
            let second = try Database(path: path, readOnly: true)
            #expect(try second.scalar("SELECT x FROM t") == .integer(42))
        }
    }

    @Test func openingAMissingFileReadOnly_throws() throws {
        try withTemporaryDirectory { dir in
            #expect(throws: SQLiteError.self) {
                try Database(path: dir.appendingPathComponent("missing.sqlite").path, readOnly: true)
            }
        }
    }

    @Test func everyValueType_roundTrips() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n)")
        let values: [SQLiteValue] = [.integer(.max), .real(-3.25), .text("héllo\u{0}wörld 🔑"), .blob([0, 1, 255]), .null]
        try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
        #expect(try db.query("SELECT * FROM t") == [values])
        // Empty text and an empty blob stay distinct from NULL.
        try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [.integer(.min), 0.0, "", .blob([]), nil])
        let row = try db.query("SELECT i, s, b, typeof(s), typeof(b) FROM t WHERE i < 0")
        #expect(row == [[.integer(.min), .text(""), .blob([]), "text", "blob"]])
    }

    @Test func literals_mapToStorageClasses() {
        let values: [SQLiteValue] = [nil, 1, 2.5, "x", true, false]
        #expect(values == [.null, .integer(1), .real(2.5), .text("x"), .integer(1), .integer(0)])
    }

    @Test func updateAndDelete_reportChangesAndRowIDs() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)")
        try db.execute("INSERT INTO t(name) VALUES (?)", ["a"])
        #expect(db.lastInsertRowID == 1)
        try db.execute("INSERT INTO t(name) VALUES (?), (?)", ["b", "c"])
        #expect(db.changes == 2)
        #expect(db.lastInsertRowID == 3)
        try db.execute("UPDATE t SET name = upper(name) WHERE id >= ?", [2])
        #expect(db.changes == 2)
        try db.execute("DELETE FROM t WHERE name = ?", ["a"])
        #expect(db.changes == 1)
        #expect(try db.query("SELECT name FROM t ORDER BY id") == [["B"], ["C"]])
        #expect(db.totalChanges == 6)
    }

    @Test func jsonFunctions_areAvailable() throws {
        let db = try Database(path: ":memory:")
        let json: SQLiteValue = #"{"a": {"b": 42, "c": ["x", "y"]}}"#
        #expect(try db.scalar("SELECT json_extract(?, '$.a.b')", [json]) == 42)
        #expect(try db.scalar("SELECT json_extract(?, '$.a.c[1]')", [json]) == "y")
        #expect(try db.scalar("SELECT json_array_length(?, '$.a.c')", [json]) == 2)
    }
}
