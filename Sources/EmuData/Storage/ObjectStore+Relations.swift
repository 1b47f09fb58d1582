import EmuSQLite
import LCWire

extension ObjectStore {
    /// Adds members to the relation `key` of an object; adding a present member is a no-op.
    public static func addRelationMembers(_ targets: [LCPointer], ownerClass: String, ownerId: String,
                                          key: String, in db: Database) throws {
        for target in targets {
            try db.execute(
                """
                INSERT OR IGNORE INTO relations (owner_class, owner_id, key, target_class, target_id)
                VALUES (?, ?, ?, ?, ?)
                """,
                [.text(ownerClass), .text(ownerId), .text(key), .text(target.className), .text(target.objectId)])
        }
    }

    /// Removes members from the relation `key` of an object.
    public static func removeRelationMembers(_ targets: [LCPointer], ownerClass: String, ownerId: String,
                                             key: String, in db: Database) throws {
        for target in targets {
            try db.execute(
                "DELETE FROM relations WHERE owner_class = ? AND owner_id = ? AND key = ? AND target_id = ?",
                [.text(ownerClass), .text(ownerId), .text(key), .text(target.objectId)])
        }
    }

    /// The members of the relation `key` of an object, in insertion order.
    public static func relationMembers(ownerClass: String, ownerId: String, key: String,
                                       in db: Database) throws -> [LCPointer] {
        try db.query(
            "SELECT target_class, target_id FROM relations WHERE owner_class = ? AND owner_id = ? AND key = ? ORDER BY rowid",
            [.text(ownerClass), .text(ownerId), .text(key)]
        ).compactMap { row in
            guard let className = row[0].textValue, let objectId = row[1].textValue else { return nil }
            return LCPointer(className: className, objectId: objectId)
        }
    }
}
