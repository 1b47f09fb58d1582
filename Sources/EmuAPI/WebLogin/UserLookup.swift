import EmuSQLite
import LCWire

/// Finds `_User` rows for the cookie-session and OAuth log-ins, which name a user by user name,
/// email or phone number in one field (login-flows.md §2 `email`, §3 `username`).
enum UserLookup {
    /// The user whose `username`, `email` or `mobilePhoneNumber` is `login`; a user name match wins.
    static func find(login: String, in db: Database) throws -> ObjectRecord? {
        guard !login.isEmpty else { return nil }
        let rows = try db.query("""
            SELECT id FROM objects WHERE class = ?2 AND (json_extract(data, '$.username') = ?1
                OR json_extract(data, '$.email') = ?1 OR json_extract(data, '$.mobilePhoneNumber') = ?1)
            ORDER BY json_extract(data, '$.username') = ?1 DESC, json_extract(data, '$.email') = ?1 DESC
            LIMIT 1
            """, [.text(login), .text(LCClassName.user)])
        guard let id = rows.first?[0].textValue else { return nil }
        return try UserStore.fetch(id, in: db)
    }

    /// The user as `/api` answers it: the rendered `_User` (never a password).
    static func rendered(_ record: ObjectRecord, in db: Database) throws -> JSON {
        .object(try ObjectRenderer.wireForm(record, in: db))
    }
}
