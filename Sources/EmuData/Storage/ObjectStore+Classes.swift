import EmuSQLite
import LCWire

/// The `classes` table: one row per class ever written, holding the field types its writes
/// fixed (`ClassSchema`).
extension ObjectStore {
    /// Whether the class has ever been written to.
    public static func classExists(_ name: String, in db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM classes WHERE name = ?", [.text(name)]) != nil
    }

    /// Records the class on its first write; 154 when that makes more than `maxClasses` (the
    /// caller's transaction then rolls the row back). An existing class costs one statement.
    public static func ensureClass(_ name: String, now: LCDate, in db: Database) throws {
        try db.execute("INSERT OR IGNORE INTO classes (name, created_at) VALUES (?, ?)",
                       [.text(name), .integer(now.millisecondsSince1970)])
        guard db.changes == 1 else { return }
        if let count = try db.scalar("SELECT count(*) FROM classes")?.int64Value, count > maxClasses {
            throw APIError(.thresholdExceeded)
        }
    }

    /// The field types a class has fixed, `{"field":{"type":"String"},…}` (empty when its
    /// schema is unreadable); nil when the class has no row yet. The text is parsed straight
    /// from SQLite's bytes.
    public static func schema(of className: String, in db: Database) throws -> JSONObject? {
        var schema: JSONObject?
        try db.query("SELECT schema FROM classes WHERE name = ?", [.text(className)]) { row in
            schema = row.withText(at: 0) { text in
                text.flatMap { try? JSONParser.parse($0).objectValue } ?? JSONObject()
            }
        }
        return schema
    }

    /// Stores a class's field types, creating the class row when needed.
    public static func saveSchema(_ schema: JSONObject, of className: String, now: LCDate, in db: Database) throws {
        try db.execute(
            """
            INSERT INTO classes (name, created_at, schema) VALUES (?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET schema = excluded.schema
            """,
            [.text(className), .integer(now.millisecondsSince1970), .text(JSON.object(schema).jsonString)])
    }
}
