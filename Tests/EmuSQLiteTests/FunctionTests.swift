import EmuSQLite
import Foundation
import Testing

struct PatternError: Error, CustomStringConvertible {
    let pattern: String
    var description: String { "invalid regular expression" }
}

/// `x REGEXP y` calls `regexp(y, x)`: the use this hook exists for.
func registerRegexp(_ db: Database) throws {
    try db.registerFunction(name: "regexp", argumentCount: 2) { arguments in
        guard let pattern = arguments[0].textValue, let text = arguments[1].textValue else { return .null }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { throw PatternError(pattern: pattern) }
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: range) == nil ? false : true
    }
}

@Suite struct FunctionTests {
    @Test func registeredFunction_worksInAWhereClause() throws {
        let db = try Database(path: ":memory:")
        try registerRegexp(db)
        try db.execute("CREATE TABLE t(name TEXT); INSERT INTO t VALUES ('apple'), ('banana'), ('avocado');")
        let rows = try db.query("SELECT name FROM t WHERE name REGEXP ? ORDER BY name", ["^a"])
        #expect(rows == [["apple"], ["avocado"]])
    }

    @Test func functionError_failsTheStatementWithItsMessage() throws {
        let db = try Database(path: ":memory:")
        try registerRegexp(db)
        let error = try #require(throws: SQLiteError.self) {
            try db.query("SELECT 'x' REGEXP ?", ["(unclosed"])
        }
        #expect(error.code == 1) // SQLITE_ERROR
        #expect(error.message == "invalid regular expression")
    }

    @Test func function_receivesAndReturnsEveryType() throws {
        let db = try Database(path: ":memory:")
        try db.registerFunction(name: "echo", argumentCount: 1, deterministic: true) { $0[0] }
        try db.registerFunction(name: "count_args", argumentCount: -1) { .integer(Int64($0.count)) }
        let values: [SQLiteValue] = [42, 1.5, "text ✓", .blob([0, 7]), nil, "", .blob([])]
        for value in values {
            #expect(try db.scalar("SELECT echo(?)", [value]) == value)
        }
        #expect(try db.scalar("SELECT count_args(1, 2, 3)") == 3)
    }

    @Test func function_canBeReplaced() throws {
        let db = try Database(path: ":memory:")
        try db.registerFunction(name: "answer", argumentCount: 0) { _ in 1 }
        try db.registerFunction(name: "answer", argumentCount: 0) { _ in 42 }
        #expect(try db.scalar("SELECT answer()") == 42)
    }
}
