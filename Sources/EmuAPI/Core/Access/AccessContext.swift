import EmuSQLite
import Foundation
import LCWire
import Primitives

/// What one request may do (spec §6): its caller, the app's class permissions and, resolved on
/// first need and kept for the rest of the request, its principals. Handlers make one with
/// `request.accessContext()` and hand it to the object writes, the query plan and the renderer.
// @unchecked: `cachedPrincipals` is read and written under `lock`.
final class AccessContext: @unchecked Sendable {
    let caller: Caller
    let permissions: ClassPermissions
    let fieldPermissions: FieldPermissions
    private let lock = Lock()
    private var cachedPrincipals: Set<String>?

    init(caller: Caller, permissions: ClassPermissions = ClassPermissions(), fieldPermissions: FieldPermissions = FieldPermissions()) {
        self.caller = caller
        self.permissions = permissions
        self.fieldPermissions = fieldPermissions
    }

    /// Everything allowed: writes made by the emulator itself (seed, batch plumbing) and the
    /// master key.
    static var master: AccessContext { AccessContext(caller: .master) }

    var isMaster: Bool { caller.isMaster }

    private static let everyoneOnly: Set<String> = [AccessList.everyone]

    /// `*`, the session user's id and `role:<name>` for every role the user holds, directly or
    /// through other roles (spec §6.2). An invalid session counts as no session.
    func principals(in db: Database) throws -> Set<String> {
        // Anonymous callers (most reads) hold only `*`: no lock, no set built per request.
        if caller.userId == nil { return Self.everyoneOnly }
        lock.lock()
        defer { lock.unlock() }
        if let cachedPrincipals { return cachedPrincipals }
        var principals: Set<String> = [AccessList.everyone]
        if let userId = caller.userId {
            principals.insert(userId)
            for name in try RoleGraph.roleNames(ofUser: userId, in: db) {
                principals.insert(AccessList.rolePrefix + name)
            }
        }
        cachedPrincipals = principals
        return principals
    }
}

extension APIRequest {
    /// The access context of this request: its caller and its app's class and field permissions.
    func accessContext() throws -> AccessContext {
        let options = app?.configuration.options
        return AccessContext(caller: try caller(), permissions: options?.classPermissions ?? ClassPermissions(),
                             fieldPermissions: options?.fieldPermissions ?? FieldPermissions())
    }
}

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
