import EmuSQLite
import Testing

/// Short bound text lives in the statement's own slots (`BoundTextSlots`), longer text is copied
/// by SQLite: either way a binding survives its Swift string, and rebinding replaces it.
@Suite struct BoundTextTests {
    @Test func boundText_outlivesTheString_andRebindingReplacesIt() throws {
        let db = try Database(path: ":memory:")
        let statement = try db.prepare("SELECT ?, ?, length(?)")
        let long = String(repeating: "é", count: 100)  // 200 bytes: past a slot
        for (first, second) in [("a", "bb"), ("objectId-of-24-chars-xyz", long), ("", "é")] {
            statement.reset()
            try statement.bind(.text(String(first)), at: 1)
            try statement.bind(.text(String(second)), at: 2)
            try statement.bind(.text(String(second)), at: 3)
            #expect(try statement.step())
            #expect(statement.row == [.text(first), .text(second), .integer(Int64(second.count))])
        }
    }

    @Test func aRunningStatement_keepsItsParameter_whenARebindIsRefused() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(v TEXT)")
        for value in ["x", "y", "x"] { try db.execute("INSERT INTO t VALUES (?)", [.text(value)]) }
        let statement = try db.prepare("SELECT count(*) OVER () FROM t WHERE v = ?")
        try statement.bind(.text("x"), at: 1)
        #expect(try statement.step())
        #expect(throws: SQLiteError.self) { try statement.bind(.text("y"), at: 1) }
        #expect(statement.row == [.integer(2)])
        #expect(try statement.step())
        #expect(try !statement.step())
    }

    @Test func textWithNULs_andEveryParameterOfAWideStatement_bind() throws {
        let db = try Database(path: ":memory:")
        let placeholders = Array(repeating: "?", count: 40).joined(separator: ", ")
        let statement = try db.prepare("SELECT \(placeholders)")
        let values = (0..<40).map { SQLiteValue.text("p\($0)\u{0}tail") }
        try statement.bind(values)
        #expect(try statement.step())
        #expect(statement.row == values)
    }
}
