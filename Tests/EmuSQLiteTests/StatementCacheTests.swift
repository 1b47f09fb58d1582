import EmuSQLite
import Testing

/// Statement preparation rules and the per-connection statement cache.
@Suite struct StatementCacheTests {
    @Test func cachedStatement_returnsTheSameStatementReset() throws {
        let db = try Database(path: ":memory:")
        let first = try db.cachedStatement("SELECT ?")
        try first.bind(5, at: 1)
        #expect(try first.step())
        let second = try db.cachedStatement("SELECT ?")
        #expect(first === second)
        // Reset with bindings cleared: a stale argument must not leak into the next use.
        #expect(try second.step() && second.value(at: 0) == .null)
        #expect(try db.cachedStatement("SELECT ? + 1") !== first)
    }

    @Test func nestedQueriesWithTheSameSQL_doNotInterfere() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3);")
        let sql = "SELECT x FROM t WHERE x >= ? ORDER BY x"
        var pairs: [[Int64]] = []
        try db.query(sql, [2]) { outer in
            let inner = try db.query(sql, [1]).compactMap { $0[0].int64Value }
            pairs.append([outer.int64(at: 0)] + inner)
        }
        #expect(pairs == [[2, 1, 2, 3], [3, 1, 2, 3]])
    }

    @Test func prepare_rejectsMoreThanOneStatement() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(x)")
        #expect(throws: SQLiteError.self) { try db.prepare("SELECT 1; DROP TABLE t") }
        #expect(throws: SQLiteError.self) { try db.execute("SELECT ?; DROP TABLE t", [1]) }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 't'") == 1)
        // Trailing whitespace and comments are fine.
        _ = try db.prepare("SELECT 1;  -- the end\n")
    }

    @Test func execute_rejectsAWrongArgumentCount() throws {
        let db = try Database(path: ":memory:")
        #expect(throws: SQLiteError.self) { try db.execute("SELECT ?, ?", [1]) }
        #expect(throws: SQLiteError.self) { try db.query("SELECT 1", [1]) }
    }

    @Test func executeScript_runsEveryStatement() throws {
        let db = try Database(path: ":memory:")
        try db.execute("""
            -- schema
            CREATE TABLE a(x);
            CREATE TABLE b(y);
            INSERT INTO a VALUES (1);
            INSERT INTO b SELECT x + 1 FROM a;
            """)
        #expect(try db.scalar("SELECT y FROM b") == 2)
    }
}
