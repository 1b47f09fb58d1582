import EmuSQLite
import Foundation
import Testing

/// `DatabaseQueue` under many threads, on a file database in WAL mode.
@Suite struct DatabaseQueueConcurrencyTests {
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

    @Test func secondQueueOnTheSameFile_failsBusyAfterItsTimeout() throws {
        try withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("db.sqlite").path
            let first = try DatabaseQueue(path: path)
            var configuration = DatabaseConfiguration()
            configuration.busyTimeout = 0.05
            let second = try DatabaseQueue(path: path, configuration: configuration)
            try first.write { db in
                try db.execute("CREATE TABLE t(x)")
                // `first` holds the write lock until this closure returns.
                let error = try #require(throws: SQLiteError.self) {
                    try second.write { try $0.execute("CREATE TABLE u(x)") }
                }
                #expect(error.isBusy)
            }
            try second.write { try $0.execute("INSERT INTO t VALUES (1)") }
            #expect(try first.read { try $0.scalar("SELECT count(*) FROM t") } == 1)
            try second.close()
            try first.close()
        }
    }

    @Test func rollbackJournal_runsReadsOnTheWriter() throws {
        try withTemporaryDirectory { dir in
            var configuration = DatabaseConfiguration()
            configuration.journalMode = .delete
            configuration.synchronous = .full
            let queue = try DatabaseQueue(path: dir.appendingPathComponent("db.sqlite").path, configuration: configuration)
            try queue.write { try $0.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1);") }
            #expect(try queue.read { try $0.scalar("PRAGMA journal_mode") } == "delete")
            #expect(try queue.read { try $0.scalar("SELECT x FROM t") } == 1)
            try queue.close()
        }
    }
}
