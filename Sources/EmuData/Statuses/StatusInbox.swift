import EmuSQLite
import LCWire

/// One inbox: its owner (a pointer, usually to a `_User`) and its type (`default` for the
/// timeline, `private` for private messages, or any name an app chooses).
package struct StatusInbox: Sendable, Equatable {
    package var owner: LCPointer
    package var type: String

    package init(owner: LCPointer, type: String) {
        self.owner = owner
        self.type = type
    }

    /// The inbox type when a request names none.
    package static let defaultType = "default"

    private var key: [SQLiteValue] { [.text(owner.className), .text(owner.objectId), .text(type)] }
    private static let matchesInbox = "owner_class = ? AND owner_id = ? AND inbox_type = ?"
    /// Entries whose status still exists: a status deleted by any route leaves every inbox.
    private static let liveEntries = """
        FROM status_inbox i JOIN objects o ON o.class = '_Status' AND o.id = i.status_id
        WHERE i.owner_class = ? AND i.owner_id = ? AND i.inbox_type = ?
        """

    /// Puts `statusId` into the inbox under the inbox's next number, and returns that number.
    @discardableResult
    package func deliver(_ statusId: String, in db: Database) throws -> Int64 {
        try db.execute("""
            INSERT INTO status_inboxes (owner_class, owner_id, inbox_type, last_message_id) VALUES (?, ?, ?, 1)
              ON CONFLICT (owner_class, owner_id, inbox_type) DO UPDATE SET last_message_id = last_message_id + 1
            """, key)
        let number = try db.scalar("SELECT last_message_id FROM status_inboxes WHERE \(Self.matchesInbox)", key)?
            .int64Value ?? 1
        try db.execute("""
            INSERT INTO status_inbox (owner_class, owner_id, inbox_type, message_id, status_id) VALUES (?, ?, ?, ?, ?)
            """, key + [.integer(number), .text(statusId)])
        return number
    }

    /// `(total, unread)`: the statuses in the inbox, and those after the last reset.
    package func counts(in db: Database) throws -> (total: Int, unread: Int) {
        let read = try db.scalar("SELECT read_message_id FROM status_inboxes WHERE \(Self.matchesInbox)", key)?
            .int64Value ?? 0
        let total = try db.scalar("SELECT COUNT(*) \(Self.liveEntries)", key)?.int64Value ?? 0
        let unread = try db.scalar("SELECT COUNT(*) \(Self.liveEntries) AND i.message_id > ?", key + [.integer(read)])?
            .int64Value ?? 0
        return (Int(total), Int(unread))
    }

    /// Marks every status in the inbox read.
    package func resetUnread(in db: Database) throws {
        try db.execute("UPDATE status_inboxes SET read_message_id = last_message_id WHERE \(Self.matchesInbox)", key)
    }

    /// Removes one status from the inbox (not from other inboxes); false when it held none by
    /// that number.
    @discardableResult
    package func remove(messageId: Int64, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM status_inbox WHERE \(Self.matchesInbox) AND message_id = ?", key + [.integer(messageId)])
        return db.changes > 0
    }

    /// `(messageId, statusId)` of the inbox's live entries with `sinceId < messageId ≤ maxId`
    /// (nil: no bound), newest first unless `ascending`.
    package func entries(sinceId: Int64, maxId: Int64?, ascending: Bool, in db: Database) throws -> [(Int64, String)] {
        var sql = "SELECT i.message_id, i.status_id \(Self.liveEntries) AND i.message_id > ?"
        var arguments = key + [.integer(sinceId)]
        if let maxId {
            sql += " AND i.message_id <= ?"
            arguments.append(.integer(maxId))
        }
        sql += ascending ? " ORDER BY i.message_id" : " ORDER BY i.message_id DESC"
        return try db.query(sql, arguments).compactMap { row in
            guard let id = row[0].int64Value, let status = row[1].textValue else { return nil }
            return (id, status)
        }
    }

    /// Takes `statusId` out of every inbox (its source deleted it).
    package static func removeEverywhere(_ statusId: String, in db: Database) throws {
        try db.execute("DELETE FROM status_inbox WHERE status_id = ?", [.text(statusId)])
    }
}
