import EmuSQLite
import LCWire

extension ObjectStore {
    /// The field types a class has fixed, `{"field":{"type":"String"},…}`; empty for a class
    /// without a row or with an unreadable schema.
    public static func schema(of className: String, in db: Database) throws -> JSONObject {
        guard let text = try db.scalar("SELECT schema FROM classes WHERE name = ?", [.text(className)])?.textValue,
              let schema = try? JSONParser.parse(text).objectValue
        else { return JSONObject() }
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
