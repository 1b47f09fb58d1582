@testable import EmuSQLite
import Testing

/// Reads on the in-memory writer refuse writes without expiring the statement cache: a cached
/// statement is compiled once, not again on every read (as toggling `PRAGMA query_only` did).
struct ReadStatementCacheTests {
    @Test func cachedStatements_surviveReadsOnTheWriter() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { try $0.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1);") }
        let sql = "SELECT x FROM t WHERE x = ?"
        for _ in 0..<3 {
            try queue.read { db in
                let statement = try db.cachedStatement(sql)
                defer { statement.reset() }
                try statement.bind([1])
                #expect(try statement.step())
            }
        }
        let reprepared = try queue.read { try $0.cachedStatement(sql).reprepareCount }
        #expect(reprepared == 0)
    }
}
