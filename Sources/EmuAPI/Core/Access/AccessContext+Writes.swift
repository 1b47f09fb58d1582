import EmuSQLite
import LCWire

extension AccessContext {
    /// An object write carrying a session token that is unknown, revoked or expired is refused
    /// with `400 {"code":211,"error":"Could not find user."}` (issue 5: "refused writes"; the
    /// code matches `/users/me`, docs/compatibility.md), whatever the ACL: a client whose session
    /// died must not go on writing as anonymous. Reads go on as anonymous; log-in and sign-up
    /// routes never ask, so a stale token cannot lock a client out.
    func requireLiveSession() throws {
        if caller.hasInvalidSession && !isMaster { throw APIError(.userNotFound) }
    }

    /// The checks of a create or update once the body is applied to `record`, inside its write
    /// transaction: `add_fields` for fields the class never had (spec §6.3), and the `_Role`
    /// rules (spec §6.4). `known` is the class schema before the write.
    func checkWritten(_ record: inout ObjectRecord, previous: ObjectRecord?, touchedKeys: [String],
                      known: ClassSchema, schema: inout ClassSchema, in db: Database) throws {
        // spec §6.3: read-only fields are the server's (or the master key's) to set.
        if !isMaster, touchedKeys.contains(where: { fieldPermissions.isReadOnly($0, in: record.className) }) {
            throw APIError(.readOnlyKey)
        }
        try requireKnownFields(touchedKeys, of: record.className, schema: known, previous: previous, in: db)
        if record.className == LCClassName.role {
            try RoleRules.validate(&record, previous: previous, schema: &schema, in: db)
        }
    }
}
