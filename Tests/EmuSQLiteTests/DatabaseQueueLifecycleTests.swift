import EmuSQLite
import Foundation
import Testing

/// Closing and crash safety of `DatabaseQueue`.
@Suite struct DatabaseQueueLifecycleTests {
    @Test(arguments: [true, false])
    func close_thenUseThrows(fileDatabase: Bool) throws {
        try withTemporaryDirectory { dir in
            let path = fileDatabase ? dir.appendingPathComponent("db.sqlite").path : ":memory:"
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute("CREATE TABLE t(x)") }
            try queue.close()
            #expect(queue.isClosed)
            #expect(throws: SQLiteError.self) { try queue.read { try $0.scalar("SELECT 1") } }
            #expect(throws: SQLiteError.self) { try queue.write { try $0.execute("INSERT INTO t VALUES (1)") } }
            #expect(throws: SQLiteError.self) { try queue.writeWithoutTransaction { _ in } }
            try queue.close() // a second close is harmless
        }
    }

    @Test func close_checkpointsTheWAL() throws {
        try withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("db.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute("CREATE TABLE t(x); INSERT INTO t VALUES (randomblob(100000));") }
            #expect(try walSize(path) > 0)
            try queue.close()
            #expect(try walSize(path) == 0)
            let reopened = try Database(path: path, readOnly: true)
            #expect(try reopened.scalar("SELECT length(x) FROM t") == 100_000)
        }
    }

    @Test func close_fromInsideWriteThrowsInsteadOfDeadlocking() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { _ in
            #expect(throws: SQLiteError.self) { try queue.close() }
        }
        #expect(!queue.isClosed)
    }

    @Test func acknowledgedWrite_survivesWithoutClose() throws {
        try withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("db.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute("CREATE TABLE t(x); INSERT INTO t VALUES ('kept');") }
            // Snapshot the files as a SIGKILL would leave them: main file and WAL, while the
            // connection is still open and nothing was checkpointed. The shared-memory index is
            // left out; SQLite rebuilds it from the WAL.
            let crashed = dir.appendingPathComponent("crashed", isDirectory: true)
            try FileManager.default.createDirectory(at: crashed, withIntermediateDirectories: true)
            for suffix in ["", "-wal"] {
                try FileManager.default.copyItem(
                    atPath: path + suffix, toPath: crashed.appendingPathComponent("db.sqlite" + suffix).path)
            }
            let recovered = try DatabaseQueue(path: crashed.appendingPathComponent("db.sqlite").path)
            #expect(try recovered.read { try $0.scalar("SELECT x FROM t") } == "kept")
            try recovered.close()
            try queue.close()
        }
    }

    private func walSize(_ path: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: path + "-wal") else { return 0 }
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "-wal")
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }
}
