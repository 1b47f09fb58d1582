import EmuSQLite
import Foundation
import Testing

/// The writer's idle read transaction (`ReadMarkPin`) only spares reads a system call: reads
/// still see every commit, of this queue and of other connections, writes still start from the
/// newest snapshot, and the log is still rewound.
@Suite struct ReadMarkPinTests {
    @Test func readsSeeEveryCommit_ofThisQueueAndOfAnotherConnection() throws {
        try withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("db.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute("CREATE TABLE t(x)") }
            // Another connection, as another process would have: it knows nothing of the queue.
            let other = try Database(path: path)
            for round in 1...20 {
                if round.isMultiple(of: 2) {
                    try other.execute("INSERT INTO t VALUES (?)", [.integer(Int64(round))])
                } else {
                    try queue.write { try $0.execute("INSERT INTO t VALUES (?)", [.integer(Int64(round))]) }
                }
                #expect(try queue.read { try $0.scalar("SELECT count(*) FROM t") } == .integer(Int64(round)))
                #expect(try queue.read { try $0.scalar("SELECT max(x) FROM t") } == .integer(Int64(round)))
            }
            try other.close()
            try queue.close()
        }
    }

    @Test func writeAfterAnotherConnectionWrote_startsFromItsCommit() throws {
        try withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("db.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute("CREATE TABLE t(x)") }
            let other = try Database(path: path)
            try other.execute("INSERT INTO t VALUES (1)")
            // A write begun on the snapshot the pin kept would fail (SQLITE_BUSY_SNAPSHOT).
            let seen = try queue.write { db -> SQLiteValue? in
                try db.execute("INSERT INTO t VALUES (2)")
                return try db.scalar("SELECT count(*) FROM t")
            }
            #expect(seen == .integer(2))
            try other.close()
            try queue.close()
        }
    }

    /// The log is still rewound once checkpointed: the WAL file stays near the automatic
    /// checkpoint's size (1,000 pages) instead of growing by every page written (12 MB here).
    @Test func theLogIsRewound_whileReadsGoOn() throws {
        try withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("db.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute("CREATE TABLE t(x)") }
            let blob = SQLiteValue.blob([UInt8](repeating: 7, count: 16 * 1024))
            for _ in 0..<600 {
                try queue.write { try $0.execute("INSERT INTO t VALUES (?)", [blob]) }
                _ = try queue.read { try $0.scalar("SELECT count(*) FROM t") }
            }
            let walBytes = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
            #expect(walBytes < 8 * 1024 * 1024)
            #expect(try queue.read { try $0.scalar("SELECT count(*) FROM t") } == 600)
            try queue.close()
        }
    }
}
