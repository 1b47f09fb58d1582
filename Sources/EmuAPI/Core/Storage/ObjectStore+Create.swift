import EmuSQLite
import LCWire

/// The statements of an object create, trimmed: a create read its class's schema, then wrote
/// `INSERT OR IGNORE` into `classes` (a no-op for a class that has a row), and serialized the
/// fields twice, once for the size check and once for the insert.
extension ObjectStore {
    /// The stored schema of `className` (`schema(of:)`), or nil when the class has no row yet.
    static func schemaIfClassExists(_ className: String, in db: Database) throws -> JSONObject? {
        var found = false
        var schema = JSONObject()
        try db.query("SELECT schema FROM classes WHERE name = ?", [.text(className)]) { row in
            found = true
            row.withText(at: 0) { text in
                if let text, let parsed = try? JSONParser.parse(text).objectValue { schema = parsed }
            }
        }
        return found ? schema : nil
    }

    /// `insert(_:in:)` with the columns already serialized; `classExists` (seen in this
    /// transaction) skips recording the class.
    static func insert(_ record: ObjectRecord, data: [UInt8], acl: [UInt8]?, classExists: Bool,
                       in db: Database) throws {
        if !classExists { try ensureClass(record.className, now: record.createdAt, in: db) }
        try db.execute(
            "INSERT INTO objects (class, id, created_at, updated_at, acl, data) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(record.className), .text(record.objectId),
             .integer(record.createdAt.millisecondsSince1970), .integer(record.updatedAt.millisecondsSince1970),
             acl.map { .text(String(decoding: $0, as: UTF8.self)) } ?? .null,
             .text(String(decoding: data, as: UTF8.self))])
    }
}
