import EmuSQLite
import Testing

/// Binding parameters and reading columns.
@Suite struct StatementTests {
    @Test func rowCallback_readsTypedColumns() throws {
        let db = try Database(path: ":memory:")
        var seen: [String] = []
        try db.query("SELECT 7 AS n, 1.5 AS d, 'txt' AS s, x'0102' AS b, NULL AS z") { row in
            #expect(row.columnCount == 5)
            #expect(row.columnNames == ["n", "d", "s", "b", "z"])
            #expect(row.columnIndex(named: "s") == 2)
            #expect(row.int64(at: 0) == 7 && row.double(at: 1) == 1.5)
            #expect(row.text(at: 2) == "txt" && row.blob(at: 3) == [1, 2])
            #expect(row.isNull(at: 4) && row.text(at: 4) == nil && row.blob(at: 4) == nil)
            seen.append(row.text(at: 0) ?? "")
        }
        #expect(seen == ["7"])
    }

    @Test func statement_bindsByIndexAndConvenienceTypes() throws {
        let db = try Database(path: ":memory:")
        let statement = try db.prepare("SELECT ?, ?, ?, ?, ?, ?, ?, ?")
        #expect(statement.parameterCount == 8)
        try statement.bind(1, at: 1)
        try statement.bind(Int64(2), at: 2)
        try statement.bind(2.5, at: 3)
        try statement.bind("s", at: 4)
        try statement.bind([UInt8]([9]), at: 5)
        try statement.bind(true, at: 6)
        try statement.bind(nil, at: 7)
        try statement.bindNull(at: 8)
        #expect(try statement.step())
        #expect(statement.row == [1, 2, 2.5, "s", .blob([9]), 1, nil, nil])
        #expect(try !statement.step())
    }

    @Test func statement_bindsNamedParameters() throws {
        let db = try Database(path: ":memory:")
        let statement = try db.prepare("SELECT :name, @age, $flag")
        try statement.bind("ann", named: "name")
        try statement.bind(30, named: "@age")
        try statement.bind(["$flag": true])
        #expect(try statement.step())
        #expect(statement.row == ["ann", 30, 1])
        #expect(throws: SQLiteError.self) { try statement.bind(1, named: "missing") }
    }

    @Test func statement_resetsAndClearsBindings() throws {
        let db = try Database(path: ":memory:")
        let statement = try db.prepare("SELECT ?")
        try statement.bind("x", at: 1)
        #expect(try statement.step() && statement.value(at: 0) == "x")
        statement.reset()
        #expect(try statement.step() && statement.value(at: 0) == "x")
        statement.reset()
        statement.clearBindings()
        #expect(try statement.step() && statement.value(at: 0) == .null)
    }
}
