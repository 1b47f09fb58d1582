import EmuSQLite
import LCWire

/// Runs compiled queries on an app's database.
package enum QueryExecutor {
    /// The objects of the plan's page, in order.
    package static func records(_ plan: QueryPlan, in db: Database) throws -> [ObjectRecord] {
        let select = plan.select
        var records: [ObjectRecord] = []
        try withinLimits(select.sql) {
            try db.query(select.sql, select.arguments) { row in
                records.append(try ObjectStore.record(fromQueryRow: row, className: plan.className))
            }
        }
        return records
    }

    /// Calls `row` with the statement on each object of the plan's page, in order; for
    /// callers that write rows out without decoding them (`QueryRoutes.answer`).
    package static func forEachRow(_ plan: QueryPlan, in db: Database, _ row: (Statement) throws -> Void) throws {
        let select = plan.select
        try withinLimits(select.sql) { try db.query(select.sql, select.arguments, row: row) }
    }

    /// How many objects match, ignoring paging.
    package static func count(_ plan: QueryPlan, in db: Database) throws -> Int {
        let count = plan.count
        return Int(try withinLimits(count.sql) { try db.scalar(count.sql, count.arguments) }?.int64Value ?? 0)
    }

    /// Runs a query statement; one that SQLite finds too big (thousands of `$or` branches or
    /// `$in` values, very deep nesting, thousands of `order` keys), or a `$regex` that backtracks
    /// past its budget (one match's, or the whole statement's: `RegexBudget`), is the client's bad
    /// input: 400 code 1 rather than a 500 or a pinned worker (docs/http.md, "Bad input").
    static func withinLimits<T>(_ sql: String, _ run: () throws -> T) throws -> T {
        do {
            // Only a statement that calls `$regex`'s function pays for the budget's thread-local state.
            guard callsRegex(sql) else { return try run() }
            return try RegexBudget.forStatement(run)
        } catch let error as SQLiteError where error.isLimitExceeded {
            throw QueryError.tooDeep
        } catch let error as SQLiteError where error.underlying is RegexBudget.Exceeded {
            throw QueryError.invalid("a $regex match ran too long; simplify the pattern")
        }
    }

    /// Whether `sql` can run a `$regex` match: a byte search, cheaper than the thread-local state.
    static func callsRegex(_ sql: String) -> Bool {
        sql.utf8.firstRange(of: QueryFunctions.regexp.utf8) != nil
    }
}
