import EmuData
import EmuRouting
import EmuSQLite
import LCWire

/// Finds `_User` rows for the cookie-session and OAuth log-ins, which name a user by user name,
/// email or phone number in one field (login-flows.md §2 `email`, §3 `username`).
enum UserLookup {
    /// The user whose `username`, `email` or `mobilePhoneNumber` is `login`, in that order of
    /// preference: one `UserStore` look-up per field, each on its partial index of `users-v1`.
    static func find(login: String, in db: Database) throws -> ObjectRecord? {
        guard !login.isEmpty else { return nil }
        for field in [LCFieldName.username, LCFieldName.email, LCFieldName.mobilePhoneNumber] {
            if let user = try UserStore.user(where: field, equals: login, in: db) { return user }
        }
        return nil
    }

    /// The user as `/api` answers it: the rendered `_User` (never a password).
    static func rendered(_ record: ObjectRecord, in db: Database) throws -> JSON {
        .object(try ObjectRenderer.wireForm(record, in: db))
    }
}
