import EmuSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire
import Primitives

/// What one request may do (spec §6): its privilege, the app's class permissions and its
/// caller and principals, each resolved on first need and kept for the rest of the request.
/// `Pipeline` fills one per request from what the authenticator established (`RequestContext<AppRuntime?>.access`;
/// requests without a session token share their app's); handlers hand it to the object writes,
/// the query plan and the renderer.
///
/// The caller is looked up lazily, in the `db` of the transaction that first asks: the handler's
/// own read or write, so the session, the roles and the data it guards come from one snapshot,
/// and a request without a session token never reads anything for its caller.
// @unchecked: `resolvedCaller` and `cachedPrincipals` are read and written under `lock`.
package final class AccessContext: @unchecked Sendable {
    package let isMaster: Bool
    let permissions: ClassPermissions
    let fieldPermissions: FieldPermissions
    /// The caller when it needs no lookup: no session token was sent, or it was given.
    private let knownCaller: Caller?
    /// The session token still to look up, and the clock that decides whether it expired.
    private let session: (token: String, clock: EmulatorClock)?
    private let lock = Lock()
    private var resolvedCaller: Caller?
    private var cachedPrincipals: Set<String>?

    /// A context whose caller is already known (the emulator's own writes, tests).
    init(caller: Caller, permissions: ClassPermissions = ClassPermissions(), fieldPermissions: FieldPermissions = FieldPermissions()) {
        self.isMaster = caller.isMaster
        self.knownCaller = caller
        self.session = nil
        self.permissions = permissions
        self.fieldPermissions = fieldPermissions
    }

    /// A context whose caller is the user of `sessionToken`, looked up when first asked for.
    private init(app: AppRuntime, isMaster: Bool, sessionToken: String) {
        self.isMaster = isMaster
        self.knownCaller = nil
        self.session = (sessionToken, app.clock)
        self.permissions = app.configuration.options.classPermissions
        self.fieldPermissions = app.configuration.options.fieldPermissions
    }

    /// The context of a request of `app` (nil on routes without one: nobody in particular)
    /// carrying `sessionToken`. Without a token (most requests) the caller is known and the
    /// context is a shared one: no allocation, no lookup.
    package static func forRequest(app: AppRuntime?, isMaster: Bool, sessionToken: String?) -> AccessContext {
        guard let app else { return isMaster ? .master : withoutApp }
        guard let sessionToken else { return isMaster ? app.tokenlessAccess.master : app.tokenlessAccess.anonymous }
        return AccessContext(app: app, isMaster: isMaster, sessionToken: sessionToken)
    }

    /// Requests of routes without an app (`.open`, an unknown app on `.keyless`).
    private static let withoutApp = AccessContext(caller: .anonymous)

    /// Everything allowed: writes made by the emulator itself (seed, batch plumbing) and the
    /// master key.
    static var master: AccessContext { AccessContext(caller: .master) }

    /// Whether a session token was sent that the caller depends on.
    var hasSessionToken: Bool { session != nil }

    /// Who is calling, looked up in `db` (one indexed read) the first time it is asked for and
    /// kept; without a session token, known without reading.
    func caller(in db: Database) throws -> Caller {
        if let knownCaller { return knownCaller }
        lock.lock()
        defer { lock.unlock() }
        if let resolvedCaller { return resolvedCaller }
        guard let session else { return Caller(isMaster: isMaster) }
        let userId = try SessionStore.userId(forToken: session.token, now: session.clock.nowMilliseconds, in: db)
        let caller = Caller(isMaster: isMaster, userId: userId, hasInvalidSession: userId == nil)
        resolvedCaller = caller
        return caller
    }

    /// The caller, for a handler that needs it before (or without) a transaction of its own:
    /// looked up in a read of `database` unless already known.
    package func caller(reading database: DatabaseQueue) throws -> Caller {
        if let knownCaller { return knownCaller }
        if let resolved = lock.withLock({ resolvedCaller }) { return resolved }
        return try database.read { db in try caller(in: db) }
    }

    /// Runs `body`, which only reads and computes its result, in a read of `database` for this
    /// request: without a session token to look up, as `readIdempotent` (no BEGIN while it runs
    /// one statement, a restart in a transaction otherwise); with one, as `read`, since a
    /// restarted body would keep the caller its first run looked up, in another snapshot than
    /// the data it guards.
    package func read<T>(_ database: DatabaseQueue, _ body: (Database) throws -> T) throws -> T {
        if session != nil { return try database.read(body) }
        return try database.readIdempotent(body)
    }

    private static let everyoneOnly: Set<String> = [AccessList.everyone]

    /// `*`, the session user's id and `role:<name>` for every role the user holds, directly or
    /// through other roles (spec §6.2). An invalid session counts as no session.
    func principals(in db: Database) throws -> Set<String> {
        // Anonymous callers (most reads) hold only `*`: no lock, no set built per request.
        guard let userId = try caller(in: db).userId else { return Self.everyoneOnly }
        lock.lock()
        defer { lock.unlock() }
        if let cachedPrincipals { return cachedPrincipals }
        var principals: Set<String> = [AccessList.everyone, userId]
        for name in try RoleGraph.roleNames(ofUser: userId, in: db) {
            principals.insert(AccessList.rolePrefix + name)
        }
        cachedPrincipals = principals
        return principals
    }
}

extension AccessContext {
    /// An object write carrying a session token that is unknown, revoked or expired is refused
    /// with `400 {"code":211,"error":"Could not find user."}` (the code `/users/me` answers;
    /// docs/compatibility.md), whatever the ACL: a client whose session
    /// died must not go on writing as anonymous. Reads go on as anonymous; log-in and sign-up
    /// routes never ask, so a stale token cannot lock a client out.
    /// Asked inside the write's own transaction, so the session checked is the one the write sees.
    func requireLiveSession(in db: Database) throws {
        if isMaster { return }
        if try caller(in: db).hasInvalidSession { throw APIError(.userNotFound) }
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

// MARK: - Object ACLs

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

// MARK: - Class permissions

extension AccessContext {
    /// spec §6.3: 403 `Forbidden to <operation> by class permissions.` unless the app's class
    /// permissions let the caller perform `operation` on `className`. Master bypasses them.
    package func require(_ operation: ClassPermissions.Operation, on className: String, in db: Database) throws {
        guard !(try allows(operation, on: className, in: db)) else { return }
        throw APIError(.forbiddenByClassPermissions(operation))
    }

    func allows(_ operation: ClassPermissions.Operation, on className: String, in db: Database) throws -> Bool {
        if isMaster { return true }
        switch permissions.rule(operation, on: className) {
        case .everyone: return true
        case .loggedIn: return try caller(in: db).userId != nil
        case .principals(let allowed):
            if allowed.isEmpty { return false }
            return try !principals(in: db).isDisjoint(with: allowed)
        }
    }

    /// `add_fields`: a write that gives the class a field it has never had needs the permission.
    /// A field is known when the class schema has fixed its type, the object had it, or some
    /// object of the class has it (seeded data fixes no types). Only looked up when restricted.
    func requireKnownFields(_ keys: [String], of className: String, schema: ClassSchema,
                            previous: ObjectRecord?, in db: Database) throws {
        if try allows(.addFields, on: className, in: db) { return }
        for key in keys where schema.fields[key] == nil && previous?.fields[key] == nil {
            let used = try db.scalar(
                "SELECT 1 FROM objects WHERE class = ? AND json_type(data, ?) IS NOT NULL LIMIT 1",
                [.text(className), .text("$.\(key)")])
            if used == nil { throw APIError(.forbiddenByClassPermissions(.addFields)) }
        }
    }
}

extension LCErrorCode {
    /// 403 naming the operation, as LeanCloud words it: `Forbidden to create by class permissions.`
    /// (spec §6.3); `add_fields` reads `Forbidden to add new fields by class permissions.`
    package static func forbiddenByClassPermissions(_ operation: ClassPermissions.Operation) -> LCErrorCode {
        let verb = operation == .addFields ? "add new fields" : operation.rawValue
        return forbiddenByClassPermissions.with(message: "Forbidden to \(verb) by class permissions.")
    }
}
