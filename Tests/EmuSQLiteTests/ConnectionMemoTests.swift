import EmuSQLite
import Testing

/// A private in-memory connection remembers values derived from its database only while it
/// provably changed nothing: any completed change, a rollback or a new image forgets them, and
/// `keepingMemo` vouches for the changes of its body alone (`ConnectionMemo`).
@Suite struct ConnectionMemoTests {
    final class Box {
        let text: String
        init(_ text: String) { self.text = text }
    }

    static func database() throws -> Database {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE kept (v TEXT); CREATE TABLE other (v TEXT); INSERT INTO kept VALUES ('a')")
        return db
    }

    @Test func aValue_lastsUntilAnyChange() throws {
        let db = try Self.database()
        db.remember(Box("a"), for: "k")
        #expect(db.remembered("k", as: Box.self)?.text == "a")
        try db.execute("SELECT * FROM kept")  // reads change nothing
        #expect(db.remembered("k", as: Box.self)?.text == "a")
        try db.execute("UPDATE kept SET v = 'b'")
        #expect(db.remembered("k", as: Box.self) == nil)
        db.remember(Box("b"), for: "k")
        try db.execute("DELETE FROM kept")  // a table emptied whole counts too
        #expect(db.remembered("k", as: Box.self) == nil)
    }

    @Test func keepingMemo_vouchesForItsBodyAlone() throws {
        let db = try Self.database()
        db.remember(Box("a"), for: "k")
        try db.keepingMemo { try db.execute("INSERT INTO other VALUES ('x'), ('y')") }
        #expect(db.remembered("k", as: Box.self)?.text == "a")
        try db.execute("INSERT INTO kept VALUES ('c')")
        try db.keepingMemo { try db.execute("INSERT INTO other VALUES ('z')") }
        #expect(db.remembered("k", as: Box.self) == nil)
    }

    @Test func aRollback_forgets_whatWasReadInside() throws {
        let db = try Self.database()
        struct Undo: Error {}
        #expect(throws: Undo.self) {
            try db.transaction { db in
                try db.execute("UPDATE kept SET v = 'uncommitted'")
                db.remember(Box("uncommitted"), for: "k")
                throw Undo()
            }
        }
        #expect(db.remembered("k", as: Box.self) == nil)
        try db.transaction { db in
            #expect(throws: Undo.self) {
                try db.transaction { db in
                    try db.execute("UPDATE kept SET v = 'in a savepoint'")
                    db.remember(Box("in a savepoint"), for: "k")
                    throw Undo()
                }
            }
            #expect(db.remembered("k", as: Box.self) == nil)
        }
    }

    /// SQLite's rollback hook: a rollback no `transaction` saw (SQLite's own after an error, or
    /// one run by hand) forgets too.
    @Test func anyRollback_forgets() throws {
        let db = try Self.database()
        try db.execute("BEGIN")
        try db.execute("UPDATE kept SET v = 'uncommitted'")
        db.remember(Box("uncommitted"), for: "k")
        try db.execute("ROLLBACK")
        #expect(db.remembered("k", as: Box.self) == nil)
    }

    @Test func aNewImage_forgets() throws {
        let db = try Self.database()
        let image = try db.serializedImage()
        db.remember(Box("a"), for: "k")
        try db.loadImage(image)
        #expect(db.remembered("k", as: Box.self) == nil)
    }

    @Test func aFileDatabase_remembersNothing() throws {
        try withTemporaryDirectory { dir in
            let db = try Database(path: dir.appendingPathComponent("memo.sqlite").path)
            db.remember(Box("a"), for: "k")
            #expect(db.remembered("k", as: Box.self) == nil)
        }
    }
}
