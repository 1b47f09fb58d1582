import EmuSQLite
import LCWire

/// Reads and writes object rows. Every statement is parameterised and cached per connection.
public enum ObjectStore {
    /// Inserts a new object, creating its class on first write.
    public static func insert(_ record: ObjectRecord, in db: Database) throws {
        try ensureClass(record.className, now: record.createdAt, in: db)
        try db.execute(
            "INSERT INTO objects (class, id, created_at, updated_at, acl, data) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(record.className), .text(record.objectId),
             .integer(record.createdAt.millisecondsSince1970), .integer(record.updatedAt.millisecondsSince1970),
             record.aclColumn, record.dataColumn])
    }

    /// One object's row, in `QueryPlan.columns`: bind the class, then the id.
    static let fetchSQL = "SELECT \(QueryPlan.columns) FROM objects WHERE class = ? AND id = ?"

    /// The object, or nil when there is no such id in the class.
    public static func fetch(className: String, objectId: String, in db: Database) throws -> ObjectRecord? {
        let statement = try db.cachedStatement(fetchSQL)
        defer { statement.reset() }
        try statement.bind([.text(className), .text(objectId)])
        guard try statement.step() else { return nil }
        return try record(fromQueryRow: statement, className: className)
    }

    /// Whether the class has ever been written to.
    public static func classExists(_ name: String, in db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM classes WHERE name = ?", [.text(name)]) != nil
    }

    /// spec §10: at most 500 classes per app.
    public static let maxClasses = 500

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

    /// A record from a row of `QueryPlan.columns` (id, created_at, updated_at, acl, data).
    static func record(fromQueryRow row: Statement, className: String) throws -> ObjectRecord {
        // Parsed straight from SQLite's bytes: the JSON texts are never copied into Strings.
        let acl = try acl(fromQueryRow: row)
        let fields = try row.withText(at: 4) { bytes in try bytes.flatMap { try JSONParser.parse($0).objectValue } }
            ?? JSONObject()
        return ObjectRecord(
            className: className, objectId: row.text(at: 0) ?? "",
            createdAt: LCDate(millisecondsSince1970: row.int64(at: 1)),
            updatedAt: LCDate(millisecondsSince1970: row.int64(at: 2)),
            acl: acl, fields: fields)
    }

    /// The ACL of a row of `QueryPlan.columns`; nil when none is stored.
    static func acl(fromQueryRow row: Statement) throws -> JSONObject? {
        try row.withText(at: 3) { bytes in try bytes.flatMap { try JSONParser.parse($0).objectValue } }
    }
}

extension ObjectRecord {
    /// The `acl` column: the ACL's JSON text, or NULL when the object has none.
    var aclColumn: SQLiteValue { acl.map { .text(JSON.object($0).jsonString) } ?? .null }
    /// The `data` column: the user fields' JSON text.
    var dataColumn: SQLiteValue { .text(JSON.object(fields).jsonString) }
}

extension ObjectStore {
    /// Deletes an object and the members of its relations; false when there was no such object.
    @discardableResult
    public static func delete(className: String, objectId: String, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM objects WHERE class = ? AND id = ?", [.text(className), .text(objectId)])
        let deleted = db.changes > 0
        try db.execute("DELETE FROM relations WHERE owner_class = ? AND owner_id = ?",
                       [.text(className), .text(objectId)])
        return deleted
    }

    /// Rewrites an existing object's ACL, fields and `updatedAt`; false when the row is gone.
    @discardableResult
    public static func update(_ record: ObjectRecord, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE objects SET updated_at = ?, acl = ?, data = ? WHERE class = ? AND id = ?",
            [.integer(record.updatedAt.millisecondsSince1970),
             record.aclColumn, record.dataColumn,
             .text(record.className), .text(record.objectId)])
        return db.changes > 0
    }

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
