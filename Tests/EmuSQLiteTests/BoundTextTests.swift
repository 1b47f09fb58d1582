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

    /// UTF-8 bytes bind as the same text a String binds (the object store's JSON columns), in a
    /// slot or copied, empty bytes as '' (not NULL), and the binding outlives the array.
    @Test func textFromBytes_bindsAsTheStringWould() throws {
        let db = try Database(path: ":memory:")
        let statement = try db.prepare("SELECT ?, typeof(?), length(CAST(? AS BLOB))")
        for text in ["", "a", #"{"title":"x"}"#, String(repeating: "é", count: 100), "nul\u{0}inside"] {
            statement.reset()
            for index in 1...3 { try statement.bindText(utf8: Array(text.utf8), at: index) }
            #expect(try statement.step())
            #expect(statement.row == [.text(text), .text("text"), .integer(Int64(text.utf8.count))])
        }
    }

    @Test func bindTexts_bindsBothParameters_asTheArrayOfTwoTextsDoes() throws {
        let db = try Database(path: ":memory:")
        let statement = try db.prepare("SELECT ?, ?")
        let long = String(repeating: "x", count: 100)  // past a slot: copied by SQLite
        for (first, second) in [("Post", "5f1e2d3c4b5a697887766554"), ("", long), ("é\u{0}a", "b")] {
            statement.reset()
            try statement.bindTexts(first, second)
            #expect(try statement.step())
            #expect(statement.row == [.text(first), .text(second)])
        }
        // Bridged or substring-made strings too (not always contiguous UTF-8 in place).
        statement.reset()
        try statement.bindTexts(String("ab cd".split(separator: " ")[1]), "z")
        #expect(try statement.step())
        #expect(statement.row == [.text("cd"), .text("z")])
        // A statement with another number of parameters is refused, as `bind(_:)` refuses it.
        let three = try db.prepare("SELECT ?, ?, ?")
        #expect(throws: SQLiteError.self) { try three.bindTexts("a", "b") }
    }
}
