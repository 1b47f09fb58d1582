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
        guard let acl else { return true }
        for (principal, grant) in acl where principals.contains(principal) {
            if grant[permission.rawValue]?.boolValue == true { return true }
        }
        return false
    }

    /// `grants(acl, permission, to: [everyone])` without building a set: every object read asks.
    static func grantsEveryone(_ acl: JSONObject?, _ permission: Permission) -> Bool {
        guard let acl else { return true }
        for (principal, grant) in acl where principal == everyone {
            if grant[permission.rawValue]?.boolValue == true { return true }
        }
        return false
    }
}
