import LCWire

/// Checks an `ACL` value (spec §6.1): an object whose keys are principals (`*`, a user id,
/// `role:<name>`) and whose values are `{"read"?: bool, "write"?: bool}`. Anything else is 123.
enum ACLValidator {
    static func validated(_ value: JSON) throws -> JSONObject {
        guard let acl = value.objectValue else { throw APIError(.invalidACL) }
        for (principal, grant) in acl {
            guard !principal.isEmpty, let permissions = grant.objectValue else { throw APIError(.invalidACL) }
            for (permission, allowed) in permissions {
                guard permission == "read" || permission == "write", allowed.boolValue != nil else {
                    throw APIError(.invalidACL)
                }
            }
        }
        return acl
    }

    /// What an object without an ACL of its own gets: the initial class default, public
    /// read and write (spec §2.3, §6.2).
    static let classDefault: JSONObject = ["*": ["read": true, "write": true]]
}
