import EmuSQLite
import LCWire

extension ObjectStore {
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
}
