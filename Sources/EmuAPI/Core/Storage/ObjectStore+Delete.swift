import EmuSQLite
import LCWire

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
}
