import EmuSQLite
import Foundation
import Testing

/// `readIdempotent` runs without BEGIN while it runs one statement, and still gives every
/// statement of the run it returns one snapshot: a second statement while the first holds the
/// snapshot keeps it (BEGIN then), one after it ended makes the body run again in a transaction.
/// A commit lands between the two statements of each test, and must not be seen by the second.
@Suite struct IdempotentReadTests {
    /// A file queue with its reader pool, table `t` holding one row.
    private func withQueue(_ body: (DatabaseQueue) throws -> Void) throws {
        try withTemporaryDirectory { dir in
            let queue = try DatabaseQueue(path: dir.appendingPathComponent("db.sqlite").path)
            try queue.write { db in
                try db.execute("CREATE TABLE t(x)")
                try db.execute("INSERT INTO t VALUES (1)")
            }
            try body(queue)
            try queue.close()
        }
    }

    private func insert(into queue: DatabaseQueue) throws {
        try queue.write { try $0.execute("INSERT INTO t VALUES (2)") }
    }

    @Test func oneStatement_seesEveryCommit_andLeavesNoSnapshotBehind() throws {
        try withQueue { queue in
            for round in 1...5 {
                // The statement is left active: the read's end must still end its snapshot.
                let count = try queue.readIdempotent { db -> Int64 in
                    let statement = try db.cachedStatement("SELECT count(*) FROM t")
                    #expect(try statement.step())
                    return statement.int64(at: 0)
                }
                #expect(count == Int64(round))
                let reset = try queue.readIdempotent { try $0.scalar("SELECT count(*) FROM t") }
                #expect(reset == .integer(Int64(round)))
                try insert(into: queue)
            }
        }
    }

    @Test func aSecondStatement_whileTheFirstHoldsTheSnapshot_seesTheSame() throws {
        try withQueue { queue in
            var runs = 0
            let (first, nested, second, inTransaction) = try queue.readIdempotent { db in
                runs += 1
                let statement = try db.cachedStatement("SELECT count(*) FROM t")
                #expect(try statement.step())
                let first = statement.int64(at: 0)
                try insert(into: queue)
                // A nested read while the first statement holds, another statement, and, the
                // first one done, a transaction: BEGIN made the snapshot outlive it.
                let nested = try queue.read { try $0.scalar("SELECT sum(1) FROM t") }
                let second = try db.scalar("SELECT count(x) FROM t")
                statement.reset()
                let inTransaction = try db.transaction { try $0.scalar("SELECT total(1) FROM t") }
                return (first, nested, second, inTransaction)
            }
            #expect(runs == 1)
            #expect(first == 1 && nested == .integer(1) && second == .integer(1) && inTransaction == .real(1))
            #expect(try queue.readIdempotent { try $0.scalar("SELECT count(*) FROM t") } == .integer(2))
        }
    }

    @Test func theSameStatementAgain_keepsTheSnapshot() throws {
        try withQueue { queue in
            let counts = try queue.readIdempotent { db -> [Int64] in
                var counts: [Int64] = []
                for _ in 0..<2 {
                    // Fetched from the cache while it still holds the snapshot, as an object's
                    // fetch does when rendering it fetches a file through the same statement.
                    let statement = try db.cachedStatement("SELECT count(*) FROM t")
                    #expect(try statement.step())
                    counts.append(statement.int64(at: 0))
                    if counts.count == 1 { try insert(into: queue) }
                }
                return counts
            }
            #expect(counts == [1, 1])
        }
    }

    /// A read whose first statement ended its snapshot before a second one ran.
    struct EndedSnapshot: Sendable, CustomTestStringConvertible {
        /// Returns a row, or none (x = 2 is inserted during the first run): either way its
        /// snapshot has ended when `scalar` returns, since `scalar` resets its statement.
        let first: String
        let second: String
        /// The body swallows the refusal of its second statement: the read still runs again.
        let swallowsRefusal: Bool
        var testDescription: String { "\(first) then \(second)\(swallowsRefusal ? ", refusal swallowed" : "")" }
    }

    @Test(arguments: [
        EndedSnapshot(first: "SELECT count(*) FROM t", second: "SELECT count(x) FROM t", swallowsRefusal: false),
        EndedSnapshot(first: "SELECT x FROM t WHERE x = 2", second: "SELECT count(*) FROM t", swallowsRefusal: false),
        EndedSnapshot(first: "SELECT count(*) FROM t", second: "SELECT count(x) FROM t", swallowsRefusal: true),
    ])
    func afterTheSnapshotEnded_theBodyRunsAgainInATransaction(_ read: EndedSnapshot) throws {
        try withQueue { queue in
            var runs = 0
            let (first, second) = try queue.readIdempotent { db in
                runs += 1
                let first = try db.scalar(read.first)
                if runs == 1 { try insert(into: queue) }
                let second = read.swallowsRefusal ? (try? db.scalar(read.second)) ?? nil : try db.scalar(read.second)
                return (first, second)
            }
            #expect(runs == 2)
            #expect(first == .integer(2) && second == .integer(2))
        }
    }

    @Test func anErrorOfTheBody_isThrown_andTheNextReadSeesTheNewestCommit() throws {
        try withQueue { queue in
            #expect(throws: TestFailure.self) {
                try queue.readIdempotent { db -> Int in
                    let statement = try db.cachedStatement("SELECT count(*) FROM t")
                    _ = try statement.step()
                    throw TestFailure()
                }
            }
            try insert(into: queue)
            #expect(try queue.readIdempotent { try $0.scalar("SELECT count(*) FROM t") } == .integer(2))
            #expect(try queue.read { try $0.scalar("SELECT count(*) FROM t") } == .integer(2))
        }
    }

    @Test func anInMemoryQueue_readsAsReadDoes() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { try $0.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        #expect(try queue.readIdempotent { try $0.scalar("SELECT count(*) FROM t") } == .integer(1))
        #expect(throws: SQLiteError.self) {
            try queue.readIdempotent { try $0.execute("INSERT INTO t VALUES (2)") }
        }
        try queue.close()
    }
}
