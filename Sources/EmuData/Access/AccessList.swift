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
