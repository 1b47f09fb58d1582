import EmuSQLite
import Foundation
import Testing

@Suite struct DatabaseQueueTests {
    @Test func write_commitsAndReturnsTheResult() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        let rowID = try queue.write { db -> Int64 in
            try db.execute("CREATE TABLE t(x)")
            try db.execute("INSERT INTO t VALUES (?)", ["a"])
            return db.lastInsertRowID
        }
        #expect(rowID == 1)
        #expect(try queue.read { try $0.scalar("SELECT x FROM t") } == "a")
    }

    @Test func write_rollsBackWhenTheBodyThrows() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { try $0.execute("CREATE TABLE t(x)") }
        #expect(throws: TestFailure.self) {
            try queue.write { db in
                try db.execute("INSERT INTO t VALUES (1)")
                throw TestFailure()
            }
        }
        #expect(try queue.read { try $0.scalar("SELECT count(*) FROM t") } == 0)
    }

    @Test func nestedWrite_runsInlineInASavepoint() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { try $0.execute("CREATE TABLE t(x)") }
        try queue.write { db in
            try db.execute("INSERT INTO t VALUES (1)")
            try queue.write { try $0.execute("INSERT INTO t VALUES (2)") }
            _ = try? queue.write { db in
                try db.execute("INSERT INTO t VALUES (3)")
                throw TestFailure()
            }
            // A read from inside the write sees the uncommitted rows.
            #expect(try queue.read { try $0.scalar("SELECT count(*) FROM t") } == 2)
        }
        #expect(try queue.read { try $0.query("SELECT x FROM t ORDER BY x") } == [[1], [2]])
    }

    @Test func writeWithoutTransaction_runsStatementsThatRefuseTransactions() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.writeWithoutTransaction { db in
            #expect(!db.isInTransaction)
            try db.execute("VACUUM")
        }
    }

    @Test(arguments: [true, false])
    func read_refusesToWrite(fileDatabase: Bool) throws {
        try withTemporaryDirectory { dir in
            let path = fileDatabase ? dir.appendingPathComponent("db.sqlite").path : ":memory:"
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute("CREATE TABLE t(x)") }
            let error = try #require(throws: SQLiteError.self) {
                try queue.read { try $0.execute("INSERT INTO t VALUES (1)") }
            }
            #expect(error.code == 8) // SQLITE_READONLY
            // On the in-memory writer, writes are allowed again after the read.
            try queue.write { try $0.execute("INSERT INTO t VALUES (1)") }
            try queue.close()
        }
    }

    @Test func nestedRead_reusesItsConnection() throws {
        try withTemporaryDirectory { dir in
            var configuration = DatabaseConfiguration()
            configuration.readerCount = 1
            let queue = try DatabaseQueue(path: dir.appendingPathComponent("db.sqlite").path, configuration: configuration)
            let value = try queue.read { _ in try queue.read { try $0.scalar("SELECT 5") } }
            #expect(value == 5)
            try queue.close()
        }
    }

    @Test func prepareConnection_runsOnTheWriterAndEveryReader() throws {
        try withTemporaryDirectory { dir in
            var configuration = DatabaseConfiguration()
            configuration.prepareConnection = { db in try registerRegexp(db) }
            let queue = try DatabaseQueue(path: dir.appendingPathComponent("db.sqlite").path, configuration: configuration)
            try queue.write { try $0.execute("CREATE TABLE t(s); INSERT INTO t VALUES ('ab'), ('cd');") }
            #expect(try queue.write { try $0.scalar("SELECT count(*) FROM t WHERE s REGEXP 'b'") } == 1)
            #expect(try queue.read { try $0.scalar("SELECT count(*) FROM t WHERE s REGEXP 'd$'") } == 1)
            try queue.close()
        }
    }

    @Test func fileDatabase_usesWALAndConfiguredPragmas() throws {
        try withTemporaryDirectory { dir in
            let queue = try DatabaseQueue(path: dir.appendingPathComponent("db.sqlite").path)
            #expect(try queue.read { try $0.scalar("PRAGMA journal_mode") } == "wal")
            try queue.writeWithoutTransaction { db throws in
                #expect(try db.scalar("PRAGMA synchronous") == 1) // NORMAL
                #expect(try db.scalar("PRAGMA foreign_keys") == 1)
            }
            try queue.close()
        }
    }

    @Test func foreignKeys_areEnforcedByDefault() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { try $0.execute("CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(p REFERENCES p(id));") }
        let error = try #require(throws: SQLiteError.self) {
            try queue.write { try $0.execute("INSERT INTO c VALUES (?)", [99]) }
        }
        #expect(error.isConstraintViolation)
    }
}
