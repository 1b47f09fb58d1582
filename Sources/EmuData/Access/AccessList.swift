import LCWire

/// An object's `ACL` as the enforcement reads it (spec §6.1, §6.2): grants are a union over the
/// caller's principals, only `true` grants, and an object without an ACL has the class default.
enum AccessList {
    /// The two permissions an ACL entry grants.
    enum Permission: String, Sendable {
        case read, write
    }

    /// The public principal.
    static let everyone = "*"
    /// The prefix of role principals: `role:Moderators`.
    static let rolePrefix = "role:"

    /// Whether some principal in `principals` holds `permission` in `acl`; a nil ACL is the
    /// initial class default, public read and write (spec §2.3).
    static func grants(_ acl: JSONObject?, _ permission: Permission, to principals: Set<String>) -> Bool {
        grants(acl, permission) { principals.contains($0) }
    }

    /// Whether the public holds `permission`: without building a set, since every object read asks.
    static func grantsEveryone(_ acl: JSONObject?, _ permission: Permission) -> Bool {
        grants(acl, permission) { $0 == everyone }
    }

    private static func grants(_ acl: JSONObject?, _ permission: Permission, where holds: (String) -> Bool) -> Bool {
        guard let acl else { return true }
        for (principal, grant) in acl where holds(principal) {
            if grant[permission.rawValue]?.boolValue == true { return true }
        }
        return false
    }
}

// MARK: - Validating an ACL value

/// Checks an `ACL` value (spec §6.1): an object whose keys are principals (`*`, a user id,
/// `role:<name>`) and whose values are `{"read"?: bool, "write"?: bool}`. Anything else is 123.
package enum ACLValidator {
    package static func validated(_ value: JSON) throws -> JSONObject {
        guard let acl = value.objectValue else { throw APIError(.invalidACL) }
        for (principal, grant) in acl {
            guard isPrincipal(principal), let permissions = grant.objectValue else { throw APIError(.invalidACL) }
            for (permission, allowed) in permissions {
                guard permission == "read" || permission == "write", allowed.boolValue != nil else {
                    throw APIError(.invalidACL)
                }
            }
        }
        return acl
    }

    /// `*`, `role:<role name>` or a user id. User ids are letters and digits: LeanCloud's are
    /// 24 hex digits, imported ones (Parse) 10 alphanumerics (docs/compatibility.md).
    static func isPrincipal(_ key: String) -> Bool {
        if key == AccessList.everyone { return true }
        if key.hasPrefix(AccessList.rolePrefix) {
            return LCNames.isValidRoleName(String(key.dropFirst(AccessList.rolePrefix.count)))
        }
        return !key.isEmpty && key.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
    }

    /// What an object without an ACL of its own gets: the initial class default, public
    /// read and write (spec §2.3, §6.2).
    static let classDefault: JSONObject = ["*": ["read": true, "write": true]]
}
