import EmuSQLite
import Foundation
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
