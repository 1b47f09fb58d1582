import EmuSQLite
import Testing

/// `serializedImage` and `loadImage`: a prepared in-memory database copied into another.
@Suite struct DatabaseImageTests {
    @Test func image_copiesSchemaAndRows_andTheCopyIsItsOwn() throws {
        let source = try Database(path: ":memory:")
        try source.execute("CREATE TABLE t(x TEXT); CREATE INDEX t_x ON t(x); INSERT INTO t VALUES ('a'), ('b');")
        let image = try source.serializedImage()
        let first = try Database(path: ":memory:"), second = try Database(path: ":memory:")
        try first.loadImage(image)
        try second.loadImage(image)
        try first.execute("INSERT INTO t VALUES ('c')")  // grows past the image's size: resizable
        for _ in 0..<200 { try first.execute("INSERT INTO t VALUES (?)", [.text(String(repeating: "z", count: 500))]) }
        #expect(try first.scalar("SELECT count(*) FROM t") == .integer(203))
        #expect(try second.scalar("SELECT count(*) FROM t") == .integer(2))
        #expect(try source.scalar("SELECT count(*) FROM t") == .integer(2))
        #expect(try second.scalar("SELECT count(*) FROM sqlite_master WHERE name = 't_x'") == .integer(1))
        #expect(try first.query("PRAGMA quick_check") == [[.text("ok")]])
    }

    @Test func statementsPreparedBefore_workAfterALoad() throws {
        let source = try Database(path: ":memory:")
        try source.execute("CREATE TABLE t(x); INSERT INTO t VALUES (7);")
        let target = try Database(path: ":memory:")
        try target.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        #expect(try target.scalar("SELECT x FROM t") == .integer(1))  // cached now
        try target.loadImage(try source.serializedImage())
        #expect(try target.scalar("SELECT x FROM t") == .integer(7))
    }

    @Test func refusesAFileDatabase_andAnEmptyImage() throws {
        try withTemporaryDirectory { dir in
            let file = try Database(path: dir.appendingPathComponent("a.sqlite").path)
            let source = try Database(path: ":memory:")
            try source.execute("CREATE TABLE t(x)")
            let image = try source.serializedImage()
            #expect(throws: SQLiteError.self) { try file.loadImage(image) }
            #expect(throws: SQLiteError.self) { try Database(path: ":memory:").loadImage([]) }
        }
    }
}
