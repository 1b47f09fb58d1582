import EmuSQLite

/// The database layout of one app, as ordered migrations. Objects are JSON documents: SQLite's
/// JSON1 functions let queries filter and sort inside them, and indexes on `json_extract`
/// expressions make hot fields fast (docs/storage.md).
package enum AppSchema {
    static func migrator() -> Migrator {
        var migrator = Migrator()
        migrator.registerMigration("v1-objects") { db in
            try db.execute("""
                CREATE TABLE emu_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE classes (
                    name TEXT PRIMARY KEY,
                    created_at INTEGER NOT NULL,
                    schema TEXT NOT NULL DEFAULT '{}'
                );
                -- data holds the user fields; objectId, createdAt, updatedAt and ACL have columns.
                CREATE TABLE objects (
                    rowid INTEGER PRIMARY KEY,
                    class TEXT NOT NULL,
                    id TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    acl TEXT,
                    data TEXT NOT NULL,
                    UNIQUE (class, id)
                );
                CREATE INDEX objects_by_created ON objects (class, created_at);
                CREATE INDEX objects_by_updated ON objects (class, updated_at);
                CREATE TABLE relations (
                    owner_class TEXT NOT NULL,
                    owner_id TEXT NOT NULL,
                    key TEXT NOT NULL,
                    target_class TEXT NOT NULL,
                    target_id TEXT NOT NULL,
                    PRIMARY KEY (owner_class, owner_id, key, target_id)
                );
                CREATE INDEX relations_by_target ON relations (target_class, target_id);
                """)
        }
        migrator.registerMigration("files-v1") { db in
            // File bytes live in the app's database in both modes (docs/files.md): one code path,
            // written in the same transaction as their `_File` row, emptied by a reset, and a
            // file-mode database keeps them across restarts.
            try db.execute("""
                CREATE TABLE file_blobs (
                    key TEXT PRIMARY KEY,
                    file_id TEXT NOT NULL,
                    content_type TEXT NOT NULL,
                    bytes BLOB NOT NULL
                );
                CREATE INDEX file_blobs_by_file ON file_blobs (file_id);
                -- Upload tokens handed out by /1.1/fileTokens (expires_at in ms).
                CREATE TABLE file_uploads (
                    token TEXT PRIMARY KEY,
                    file_id TEXT NOT NULL,
                    key TEXT NOT NULL,
                    expires_at INTEGER NOT NULL,
                    uploaded INTEGER NOT NULL DEFAULT 0
                );
                """)
        }
        migrator.registerMigration("sessions-v1") { db in
            // One live token per user (spec §5.2); expires_at in ms, NULL = never.
            try db.execute("""
                CREATE TABLE sessions (
                    token TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER
                );
                """)
        }
        migrator.registerMigration("messages-v1") { db in
            // Captcha and SMS state (docs/captcha-sms.md); times in ms of the emulator clock.
            // Codes are stored as sent: the outbox shows them to tests anyway.
            try db.execute("""
                CREATE TABLE captchas (
                    token TEXT PRIMARY KEY,
                    code TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE validate_tokens (
                    token TEXT PRIMARY KEY,
                    expires_at INTEGER NOT NULL,
                    used INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE sms_codes (
                    id INTEGER PRIMARY KEY,
                    phone TEXT NOT NULL,
                    purpose TEXT NOT NULL,
                    channel TEXT NOT NULL,
                    code TEXT NOT NULL,
                    user_id TEXT,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX sms_codes_by_phone ON sms_codes (phone, created_at);
                """)
        }
        migrator.registerMigration("users-v1") { db in
            // Failed log-ins for the lockout (spec §5.4, 219), times in ms; single-use links of
            // the email flows (§5.9); partial expression indexes for the unique user fields,
            // so sign-up and log-in look users up without scanning `objects` (since
            // `object-keys-v1`: side tables, `ObjectKeys`).
            try db.execute("""
                CREATE TABLE login_failures (user_id TEXT NOT NULL, at INTEGER NOT NULL);
                CREATE INDEX login_failures_by_user ON login_failures (user_id, at);
                CREATE TABLE user_links (
                    token TEXT PRIMARY KEY,
                    purpose TEXT NOT NULL,
                    user_id TEXT NOT NULL,
                    email TEXT NOT NULL,
                    expires_at INTEGER NOT NULL
                );
                CREATE INDEX users_v1_by_username ON objects (json_extract(data, '$.username')) WHERE class = '_User';
                CREATE INDEX users_v1_by_email ON objects (json_extract(data, '$.email')) WHERE class = '_User';
                CREATE INDEX users_v1_by_phone ON objects (json_extract(data, '$.mobilePhoneNumber'))
                    WHERE class = '_User';
                """)
        }
        migrator.registerMigration("weblogin-v1") { db in try WebLoginSchema.create(in: db) }
        migrator.registerMigration("weblogin-v2") { db in try WebLoginSchema.bindOAuthTokensToSessions(in: db) }
        migrator.registerMigration("query-indexes-v2") { db in try QueryIndexSchema.addACLToIndexes(in: db) }
        migrator.registerMigration("statuses-v1") { db in try StatusSchema.create(in: db) }
        migrator.registerMigration("push-v1") { db in try PushSchema.create(in: db) }
        migrator.registerMigration("rtm-v1") { db in try MessageSchema.create(in: db) }
        migrator.registerMigration("object-keys-v1") { db in try ObjectKeysSchema.create(in: db) }
        return migrator
    }

    /// Tables emptied by a reset, children first.
    package static let dataTables = ["user_links", "login_failures", "sessions", "file_uploads", "file_blobs", "relations",
                              "user_keys", "installation_keys", "objects", "classes", "captchas", "validate_tokens", "sms_codes"]
        + WebLoginSchema.tables + StatusSchema.tables
        + PushSchema.tables + MessageSchema.tables
}

// MARK: - QueryIndexSchema

/// The indexes queries use end with `acl`, so the caller's read filter is checked from the index
/// and a `count` never reads the rows it counts (docs/queries.md, "Speed and indexes").
enum QueryIndexSchema {
    /// Rebuilds the `createdAt`/`updatedAt` indexes with `rowid` (the tie-break of every
    /// `ORDER BY`) and `acl`, and drops the on-demand indexes made without them; `IndexAdvisor`
    /// recreates those, with `acl`, on the next query that needs one.
    static func addACLToIndexes(in db: Database) throws {
        let stale = try db.query(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'objects' AND name GLOB 'objects_q_*'")
            .compactMap { $0.first?.textValue }
        for name in stale {
            try db.execute("DROP INDEX \"\(name)\"")  // names come from sqlite_master, written by IndexAdvisor
        }
        try db.execute("""
            DROP INDEX objects_by_created;
            DROP INDEX objects_by_updated;
            CREATE INDEX objects_by_created ON objects (class, created_at, rowid, acl);
            CREATE INDEX objects_by_updated ON objects (class, updated_at, rowid, acl);
            """)
    }
}
