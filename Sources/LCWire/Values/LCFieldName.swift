/// Names of the standard fields of LeanCloud objects (spec §2.2, §5.2, §6.4).
public enum LCFieldName {
    /// The 24-hex-digit object id; server-managed.
    public static let objectId = "objectId"
    /// Creation time as a plain ISO string; server-managed.
    public static let createdAt = "createdAt"
    /// Last update time as a plain ISO string; server-managed.
    public static let updatedAt = "updatedAt"
    /// The access control list (spec §6.1).
    public static let acl = "ACL"
    /// `_User`: the session token, only in auth responses.
    public static let sessionToken = "sessionToken"
    /// `_User`: the unique user name.
    public static let username = "username"
    /// `_User`: write-only, never returned.
    public static let password = "password"
    /// `_User`: the unique email address.
    public static let email = "email"
    /// `_User`: whether the email was verified.
    public static let emailVerified = "emailVerified"
    /// `_User`: the unique mobile phone number.
    public static let mobilePhoneNumber = "mobilePhoneNumber"
    /// `_User`: whether the phone number was verified.
    public static let mobilePhoneVerified = "mobilePhoneVerified"
    /// `_User`: third-party and anonymous login data (spec §5.8).
    public static let authData = "authData"
    /// `_Role`: the role name; also the file name in `_File`.
    public static let name = "name"
    /// `_Role`: the relation to member users.
    public static let users = "users"
    /// `_Role`: the relation to member roles.
    public static let roles = "roles"

    /// Fields that clients can neither set nor modify (spec §2.2).
    public static let serverManaged: Set<String> = [objectId, createdAt, updatedAt]
}
