import EmuSQLite
import Testing

@Suite struct TransactionTests {
    func makeDatabase() throws -> Database {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(x)")
        return db
    }

    func values(_ db: Database) throws -> [SQLiteValue] {
        try db.query("SELECT x FROM t ORDER BY rowid").map { $0[0] }
    }

    @Test func transaction_commitsWhenTheBodyReturns() throws {
        let db = try makeDatabase()
        let result = try db.transaction(kind: .immediate) { db -> Int in
            try db.execute("INSERT INTO t VALUES (?)", [1])
            #expect(db.isInTransaction)
            return 7
        }
        #expect(result == 7)
        #expect(!db.isInTransaction)
        #expect(try values(db) == [1])
    }

    @Test func transaction_rollsBackWhenTheBodyThrows() throws {
        let db = try makeDatabase()
        #expect(throws: TestFailure.self) {
            try db.transaction { db in
                try db.execute("INSERT INTO t VALUES (?)", [1])
                throw TestFailure()
            }
        }
        #expect(!db.isInTransaction)
        #expect(try values(db) == [])
    }

    @Test func nestedTransaction_rollsBackOnlyItsSavepoint() throws {
        let db = try makeDatabase()
        try db.transaction { db in
            try db.execute("INSERT INTO t VALUES (1)")
            _ = try? db.transaction { db in
                try db.execute("INSERT INTO t VALUES (2)")
                try db.transaction { db in try db.execute("INSERT INTO t VALUES (3)") }
                throw TestFailure()
            }
            try db.transaction { db in try db.execute("INSERT INTO t VALUES (4)") }
        }
        #expect(try values(db) == [1, 4])
    }

    @Test func outerRollback_undoesReleasedSavepoints() throws {
        let db = try makeDatabase()
        _ = try? db.transaction { db in
            try db.transaction { db in try db.execute("INSERT INTO t VALUES (1)") }
            throw TestFailure()
        }
        #expect(try values(db) == [])
    }

    @Test func transaction_recoversWhenSQLiteAlreadyRolledBack() throws {
        let db = try makeDatabase()
        // A body that ends the transaction itself must not make the cleanup fail or hide its error.
        #expect(throws: TestFailure.self) {
            try db.transaction { db in
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("ROLLBACK")
                throw TestFailure()
            }
        }
        #expect(!db.isInTransaction)
    }
}
