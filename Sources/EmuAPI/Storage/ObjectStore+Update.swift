import EmuSQLite
import LCWire

extension ObjectStore {
    /// Rewrites an existing object's ACL, fields and `updatedAt`; false when the row is gone.
    @discardableResult
    public static func update(_ record: ObjectRecord, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE objects SET updated_at = ?, acl = ?, data = ? WHERE class = ? AND id = ?",
            [.integer(record.updatedAt.millisecondsSince1970),
             record.acl.map { .text(JSON.object($0).jsonString) } ?? .null,
             .text(JSON.object(record.fields).jsonString),
             .text(record.className), .text(record.objectId)])
        return db.changes > 0
    }

    /// Deletes an object and the members of its relations; false when there was no such object.
    @discardableResult
    public static func delete(className: String, objectId: String, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM objects WHERE class = ? AND id = ?", [.text(className), .text(objectId)])
        let deleted = db.changes > 0
        try db.execute("DELETE FROM relations WHERE owner_class = ? AND owner_id = ?",
                       [.text(className), .text(objectId)])
        return deleted
    }
}
