import CSQLite
@testable import EmuSQLite
import Foundation
import Testing

/// `quickCheck()` finds damaged pages before use; a damage error met by any statement later is
/// remembered as `damageSeen`; a full database fails with `isDiskFull` and keeps what it had.
@Suite struct IntegrityTests {
    /// A file database of `rows` rows of 1 KB, closed (its WAL checkpointed into the file).
    private func makeDatabase(at url: URL, rows: Int = 300) throws -> String {
        let path = url.appendingPathComponent("db.sqlite3").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)")
            for _ in 0..<rows { try db.execute("INSERT INTO t (text) VALUES (?)", [.text(String(repeating: "x", count: 1000))]) }
        }
        try queue.close()
        return path
    }

    private func overwriteMiddlePages(of path: String) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: try handle.seekToEnd() / 2)
        handle.write(Data(repeating: 0xA5, count: 4 * 4096))
    }

    @Test func aSoundFile_hasNoProblems() throws {
        try withTemporaryDirectory { url in
            let queue = try DatabaseQueue(path: try makeDatabase(at: url))
            #expect(try queue.quickCheck() == [])
            #expect(queue.damageSeen == nil)
        }
    }

    @Test func overwrittenPages_areFoundByTheCheck_andByAnyQueryThatMeetsThem() throws {
        try withTemporaryDirectory { url in
            let path = try makeDatabase(at: url)
            try overwriteMiddlePages(of: path)
            let queue = try DatabaseQueue(path: path)
            #expect(queue.damageSeen == nil)
            let failure = #expect(throws: SQLiteError.self) { try queue.read { db in try db.query("SELECT text FROM t") } }
            #expect(failure?.isDamage == true)
            #expect(queue.damageSeen?.isDamage == true)
            let problems = try queue.quickCheck()
            #expect(!problems.isEmpty)
            #expect(!problems.contains { $0.hasPrefix("***") })
        }
    }

    @Test func aFullDatabase_failsWithIsDiskFull_andKeepsItsRows() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { db in try db.execute("CREATE TABLE t (text TEXT)") }
        try queue.writeWithoutTransaction { db in
            let pages = try db.scalar("PRAGMA page_count")?.int64Value ?? 0
            try db.execute("PRAGMA max_page_count = \(pages)")
        }
        let failure = #expect(throws: SQLiteError.self) {
            try queue.write { db in try db.execute("INSERT INTO t VALUES (?)", [.text(String(repeating: "y", count: 100_000))]) }
        }
        #expect(failure?.isDiskFull == true)
        #expect(queue.damageSeen == nil)
        #expect(try queue.read { db in try db.scalar("SELECT count(*) FROM t")?.int64Value } == 0)
    }
}
