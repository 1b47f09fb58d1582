import EmuSQLite
import Foundation
import Testing

/// Concurrency, closing and crash safety of `DatabaseQueue` on a file database.
@Suite struct DatabaseQueueLifecycleTests {
    @Test func concurrentReads_seeConsistentSnapshotsWhileWriting() throws {
        try withTemporaryDirectory { dir in
            var configuration = DatabaseConfiguration()
            configuration.readerCount = 3
            let queue = try DatabaseQueue(path: dir.appendingPathComponent("db.sqlite").path, configuration: configuration)
            try queue.write { try $0.execute("CREATE TABLE a(n); CREATE TABLE b(n);") }
            let log = ProblemLog()
            let writes = 200
            let writerDone = Flag()
            let writer: @Sendable () -> Void = {
                defer { writerDone.set() }
                for n in 1...writes {
                    do {
                        // Each transaction adds one row to each table: a reader must never see
                        // one without the other.
                        try queue.write { db in
                            try db.execute("INSERT INTO a VALUES (?)", [.integer(Int64(n))])
                            try db.execute("INSERT INTO b VALUES (?)", [.integer(Int64(n))])
                        }
                    } catch { log.record("write \(n): \(error)") }
                }
            }
            let reader: @Sendable () -> Void = {
                var last: Int64 = 0
                var reads = 0
                // Keep reading until the writer is done (and at least a few times), so reads
                // overlap the writes whatever the scheduling.
                while !writerDone.isSet || reads < 20 {
                    reads += 1
                    do {
                        let (a, b) = try queue.read { db in
                            (try db.scalar("SELECT count(*) FROM a")?.int64Value ?? -1,
                             try db.scalar("SELECT count(*) FROM b")?.int64Value ?? -2)
                        }
                        if a != b { log.record("torn read: a=\(a) b=\(b)") }
                        if a < last { log.record("went back in time: \(a) < \(last)") }
                        last = a
                    } catch { log.record("read: \(error)") }
                }
            }
            runOnThreads([writer] + Array(repeating: reader, count: 8))
            #expect(log.problems == [])
            #expect(try queue.read { try $0.scalar("SELECT count(*) FROM a") } == .integer(Int64(writes)))
            try queue.close()
        }
    }

    @Test func concurrentWrites_areSerialised() throws {
        try withTemporaryDirectory { dir in
            let queue = try DatabaseQueue(path: dir.appendingPathComponent("db.sqlite").path)
            try queue.write { try $0.execute("CREATE TABLE counter(n); INSERT INTO counter VALUES (0);") }
            let log = ProblemLog()
            let increment: @Sendable () -> Void = {
                for _ in 0..<50 {
                    do {
                        // Read-modify-write: lost updates would show if writes interleaved.
                        try queue.write { db in
                            let n = try db.scalar("SELECT n FROM counter")?.int64Value ?? 0
                            try db.execute("UPDATE counter SET n = ?", [.integer(n + 1)])
                        }
                    } catch { log.record("\(error)") }
                }
            }
            runOnThreads(Array(repeating: increment, count: 4))
            #expect(log.problems == [])
            #expect(try queue.read { try $0.scalar("SELECT n FROM counter") } == 200)
            try queue.close()
        }
    }

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
