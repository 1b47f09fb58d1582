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
}
