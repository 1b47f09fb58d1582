import EmuSQLite
import LCWire

extension AccessContext {
    /// Whether the object's ACL lets the caller read it. Public grants answer without looking
    /// up the caller's roles.
    func canRead(_ record: ObjectRecord, in db: Database) throws -> Bool {
        try grants(.read, acl: record.acl, in: db)
    }

    /// Whether the caller may see `record` reached otherwise than by its own fetch (an `include`
    /// of a pointer to it, at any depth): what a fetch of it would check, the class permission
    /// `get` (spec §6.3) and the object's ACL (spec §3.5), answered without a lookup when both
    /// are open.
    func canGet(_ record: ObjectRecord, in db: Database) throws -> Bool {
        try allows(.get, on: record.className, in: db) && canRead(record, in: db)
    }

    /// spec §2.4: a fetch the ACL denies → 403 `Forbidden reading by object's ACL.`
    package func requireRead(_ record: ObjectRecord, in db: Database) throws {
        try requireRead(acl: record.acl, in: db)
    }

    /// The same for an object known only by its ACL (nil: none stored), as a copied fetch is.
    func requireRead(acl: JSONObject?, in db: Database) throws {
        guard try grants(.read, acl: acl, in: db) else { throw APIError(.forbiddenReadingByACL) }
    }

    /// spec §2.5, §2.6: an update or delete the ACL denies → 403 `Forbidden writing by object's ACL.`
    /// `_User` objects are left to the self-only rule of the user endpoints (spec §5.6), which
    /// holds whatever their ACL says.
    func requireWrite(_ record: ObjectRecord, in db: Database) throws {
        if record.className == LCClassName.user { return }
        guard try grants(.write, acl: record.acl, in: db) else { throw APIError(.forbiddenWritingByACL) }
    }

    /// Whether an object's ACL (nil: none stored) lets this caller `permission` it.
    private func grants(_ permission: AccessList.Permission, acl: JSONObject?, in db: Database) throws -> Bool {
        if isMaster || AccessList.grantsEveryone(acl, permission) { return true }
        return AccessList.grants(acl, permission, to: try principals(in: db))
    }

    /// The SQL condition on an `objects` row (its `acl` column) that the caller may read it;
    /// nil for the master key. Queries add it to their `where` so that limit, skip and count
    /// apply to readable objects only (spec §6.2). It reads no column but `acl`, which the query
    /// indexes carry, so a count is answered from an index alone. Public read is tested first
    /// with one `json_extract`, cheaper than walking the ACL with `json_each`; an anonymous
    /// caller needs nothing more.
    func readFilter(in db: Database) throws -> SQLFragment? {
        if isMaster { return nil }
        let publicRead = #"acl IS NULL OR json_extract(acl, '$."*".read') = 1"#
        let principals = try principals(in: db).subtracting([AccessList.everyone]).sorted()
        if principals.isEmpty { return SQLFragment(publicRead) }
        return SQLFragment(
            """
            \(publicRead) OR EXISTS (SELECT 1 FROM json_each(acl) AS g \
            WHERE g.key IN (\(SQLFragment.placeholders(principals.count))) AND json_extract(g.value, '$.read') = 1)
            """,
            principals.map { .text($0) })
    }
}
