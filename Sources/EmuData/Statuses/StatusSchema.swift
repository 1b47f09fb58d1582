import EmuSQLite

/// Tables of the status inboxes (migration `statuses-v1`, docs/statuses.md). The statuses
/// themselves are ordinary `_Status` objects; an inbox holds only which status it received,
/// under which number.
enum StatusSchema {
    /// Emptied by `/__admin/reset`, copied by snapshots, with the other data tables.
    static let tables = ["status_inbox", "status_inboxes"]

    static func create(in db: Database) throws {
        try db.execute("""
            -- One row per status an inbox received. message_id numbers the inbox's statuses from 1,
            -- in the order they arrived (the inbox's `messageId`, what sinceId and maxId page by).
            CREATE TABLE status_inbox (
                owner_class TEXT NOT NULL,
                owner_id TEXT NOT NULL,
                inbox_type TEXT NOT NULL,
                message_id INTEGER NOT NULL,
                status_id TEXT NOT NULL,
                PRIMARY KEY (owner_class, owner_id, inbox_type, message_id)
            );
            CREATE INDEX status_inbox_by_status ON status_inbox (status_id);
            -- One row per inbox that ever received a status: its last number (never reused, even
            -- when that status is deleted) and the last number read (resetUnreadCount).
            CREATE TABLE status_inboxes (
                owner_class TEXT NOT NULL,
                owner_id TEXT NOT NULL,
                inbox_type TEXT NOT NULL,
                last_message_id INTEGER NOT NULL,
                read_message_id INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (owner_class, owner_id, inbox_type)
            );
            """)
    }
}
