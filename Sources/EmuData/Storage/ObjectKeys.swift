import EmuSQLite
import LCWire

/// The fields that find one `_User` (username, email, phone) or `_Installation` (deviceToken,
/// installationId), copied into side tables with their own indexes (migration `object-keys-v1`,
/// docs/storage.md). They were partial indexes on `objects` (`WHERE class = '_User'`), and SQLite
/// opens a write cursor on every index of a table for each INSERT before a partial index's WHERE
/// skips the row: ~940 instructions each, in every create of every class (issue 31).
///
/// A side table's row is keyed by the object's rowid and holds each field's value when it is a
/// string (NULL otherwise: a lookup binds text, which no other JSON value equals). `ObjectStore`
/// writes it with the object row in the same transaction; every write of a user's or an
/// installation's row goes through `ObjectStore` (resets, snapshots and the seed's image copy
/// whole tables, these included).
/// Chosen over triggers on `objects`, which would keep the copy right by construction, because
/// SQLite runs a trigger's WHEN inside the trigger's sub-program, so every create of every class
/// would pay a frame for it: see docs/performance.md, "the create's SQLite write".
package struct ObjectKeys: Sendable {
    /// The class whose objects the table indexes.
    let className: String
    /// The side table.
    let table: String
    /// Each column with the object field it copies, in the table's order after `rowid`.
    let columns: [(column: String, field: String)]
    private let writeSQL: String
    private let deleteSQL: String
    /// Per field, the statement that finds the object whose field equals one bound text (made
    /// once: every sign-up and log-in looks up through it).
    private let lookups: [String: String]

    // The class name is written into the SQL: it comes from the two constants below, never from input.
    private init(className: String, table: String, columns: [(column: String, field: String)]) {
        self.className = className
        self.table = table
        self.columns = columns
        writeSQL = """
            INSERT OR REPLACE INTO \(table) (rowid, \(columns.map(\.column).joined(separator: ", ")))
            SELECT rowid, \(columns.map { _ in "?" }.joined(separator: ", ")) FROM objects WHERE class = '\(className)' AND id = ?
            """
        deleteSQL = "DELETE FROM \(table) WHERE rowid IN (SELECT rowid FROM objects WHERE class = '\(className)' AND id = ?)"
        // The oldest when several hold the value. CROSS JOIN keeps the side table's index first:
        // with a plain join SQLite may walk the whole class in `created_at` order instead, to
        // spare the sort of a row or two.
        lookups = Dictionary(uniqueKeysWithValues: columns.map { column, field in
            (field, """
                SELECT o.id FROM \(table) AS k CROSS JOIN objects AS o ON o.rowid = k.rowid AND o.class = '\(className)'
                WHERE k.\(column) = ? ORDER BY o.created_at, o.rowid LIMIT 1
                """)
        })
    }

    static let user = ObjectKeys(className: LCClassName.user, table: "user_keys", columns: [
        ("username", LCFieldName.username), ("email", LCFieldName.email), ("mobile_phone", LCFieldName.mobilePhoneNumber),
    ])
    static let installation = ObjectKeys(className: LCClassName.installation, table: "installation_keys", columns: [
        ("device_token", "deviceToken"), ("installation_id", "installationId"),
    ])

    /// The side table of `className`, nil for every other class (nearly every write: one byte
    /// of the name says so before any comparison).
    static func of(_ className: String) -> ObjectKeys? {
        guard className.utf8.first == UInt8(ascii: "_") else { return nil }
        if className == user.className { return user }
        if className == installation.className { return installation }
        return nil
    }

    /// The statement that finds the object whose `field` equals one bound text; a programming
    /// error for a field not kept here.
    func lookupSQL(field: String) -> String {
        guard let sql = lookups[field] else { preconditionFailure("\(field) is not kept in \(table)") }
        return sql
    }

    /// Writes the row of `record` (already stored in `objects`), replacing the one it had.
    func write(_ record: ObjectRecord, in db: Database) throws {
        try db.execute(writeSQL) { statement in
            for (index, entry) in columns.enumerated() {
                if case .string(let value)? = record.fields[entry.field] {
                    try statement.bind(value, at: index + 1)
                } else {
                    try statement.bindNull(at: index + 1)
                }
            }
            try statement.bind(record.objectId, at: columns.count + 1)
        }
    }

    /// Deletes the row of an object; call it before the object's row is deleted.
    func delete(objectId: String, in db: Database) throws {
        try db.execute(deleteSQL, [.text(objectId)])
    }
}

// MARK: - Schema

/// Migration `object-keys-v1`: the side tables with an index per field, filled from the objects
/// already stored (a string value, else NULL, as `ObjectKeys.write` keeps them), and the partial
/// indexes of `users-v1` and `push-v1` dropped. Written out, not derived from `ObjectKeys`: a
/// shipped migration never changes.
enum ObjectKeysSchema {
    static func create(in db: Database) throws {
        try db.execute("""
            CREATE TABLE user_keys (rowid INTEGER PRIMARY KEY, username TEXT, email TEXT, mobile_phone TEXT);
            CREATE INDEX user_keys_by_username ON user_keys (username);
            CREATE INDEX user_keys_by_email ON user_keys (email);
            CREATE INDEX user_keys_by_mobile_phone ON user_keys (mobile_phone);
            CREATE TABLE installation_keys (rowid INTEGER PRIMARY KEY, device_token TEXT, installation_id TEXT);
            CREATE INDEX installation_keys_by_device_token ON installation_keys (device_token);
            CREATE INDEX installation_keys_by_installation_id ON installation_keys (installation_id);
            INSERT INTO user_keys (rowid, username, email, mobile_phone)
                SELECT rowid,
                    CASE json_type(data, '$.username') WHEN 'text' THEN json_extract(data, '$.username') END,
                    CASE json_type(data, '$.email') WHEN 'text' THEN json_extract(data, '$.email') END,
                    CASE json_type(data, '$.mobilePhoneNumber') WHEN 'text' THEN json_extract(data, '$.mobilePhoneNumber') END
                FROM objects WHERE class = '_User';
            INSERT INTO installation_keys (rowid, device_token, installation_id)
                SELECT rowid,
                    CASE json_type(data, '$.deviceToken') WHEN 'text' THEN json_extract(data, '$.deviceToken') END,
                    CASE json_type(data, '$.installationId') WHEN 'text' THEN json_extract(data, '$.installationId') END
                FROM objects WHERE class = '_Installation';
            DROP INDEX IF EXISTS users_v1_by_username;
            DROP INDEX IF EXISTS users_v1_by_email;
            DROP INDEX IF EXISTS users_v1_by_phone;
            DROP INDEX IF EXISTS push_v1_installations_by_token;
            DROP INDEX IF EXISTS push_v1_installations_by_id;
            """)
    }
}
