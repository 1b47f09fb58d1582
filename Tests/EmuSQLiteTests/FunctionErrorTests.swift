import EmuSQLite
import Foundation
import Testing

/// A custom error type, so the tests can tell it arrived as itself and not as its text.
struct BudgetExceeded: Error, CustomStringConvertible {
    let row: Int64
    var description: String { "budget exceeded at row \(row)" }
}

/// What a registered function throws fails its statement with that very error as `underlying`:
/// callers match its type, never SQLite's copy of its message.
@Suite struct FunctionErrorTests {
    /// `budget(n)` returns n, and throws `BudgetExceeded` for n > 2.
    static func registerBudget(_ db: Database) throws {
        try db.registerFunction(name: "budget", argumentCount: 1) { arguments in
            let row = arguments[0].int64Value ?? 0
            if row > 2 { throw BudgetExceeded(row: row) }
            return .integer(row)
        }
    }

    func database() throws -> Database {
        let db = try Database(path: ":memory:")
        try Self.registerBudget(db)
        try db.execute("CREATE TABLE t(n INTEGER UNIQUE); INSERT INTO t VALUES (1), (2), (3);")
        return db
    }

    @Test func thrownError_isTheStatementsUnderlyingError_withItsType() throws {
        let db = try database()
        let error = try #require(throws: SQLiteError.self) {
            try db.query("SELECT budget(n) FROM t ORDER BY n")
        }
        let underlying = try #require(error.underlying as? BudgetExceeded)
        #expect(underlying.row == 3)
        #expect(error.message == "budget exceeded at row 3")  // the message stays SQLite's, as before
    }

    @Test func thrownError_reachesScriptsAndBoundStatementsToo() throws {
        let db = try database()
        let script = try #require(throws: SQLiteError.self) { try db.execute("SELECT budget(n) FROM t") }
        #expect(script.underlying is BudgetExceeded)
        let bound = try #require(throws: SQLiteError.self) { try db.scalar("SELECT budget(?)", [7]) }
        #expect((bound.underlying as? BudgetExceeded)?.row == 7)
    }

    @Test func thrownError_onAReaderOfADatabaseQueue() throws {
        try withTemporaryDirectory { dir in
            var configuration = DatabaseConfiguration()
            configuration.prepareConnection = { db in try Self.registerBudget(db) }
            let queue = try DatabaseQueue(path: dir.appendingPathComponent("db.sqlite").path, configuration: configuration)
            defer { try? queue.close() }
            try queue.write { try $0.execute("CREATE TABLE t(n); INSERT INTO t VALUES (5);") }
            let error = try #require(throws: SQLiteError.self) { try queue.read { try $0.query("SELECT budget(n) FROM t") } }
            #expect((error.underlying as? BudgetExceeded)?.row == 5)
        }
    }

    @Test func laterFailure_withoutAFunction_hasNoUnderlyingError() throws {
        let db = try database()
        _ = try? db.query("SELECT budget(n) FROM t")
        let error = try #require(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (1)") }
        #expect(error.isUniqueViolation)
        #expect(error.underlying == nil)
    }

    @Test func sqliteErrorsCompare_withoutTheirUnderlyingError() {
        let plain = SQLiteError(extendedCode: 1, message: "m", sql: "SELECT 1")
        #expect(plain == SQLiteError(extendedCode: 1, message: "m", sql: "SELECT 1", underlying: BudgetExceeded(row: 1)))
        #expect(plain != SQLiteError(extendedCode: 1, message: "other", sql: "SELECT 1"))
    }
}
