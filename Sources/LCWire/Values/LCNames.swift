/// Validators for the names LeanCloud restricts (spec §2.2, §6.4, error codes 103/105/121/122/139).
///
/// ```swift
/// LCNames.isValidClassName("Post")      // true
/// LCNames.isValidClassName("_User")     // true, built-in
/// LCNames.isValidClassName("_Mine")     // false → 103
/// LCNames.isValidFieldName("invalid?")  // false → 105
/// ```
public enum LCNames {
    /// A class name: a letter, then letters, digits or `_`; or one of the built-in `_` classes.
    public static func isValidClassName(_ name: String) -> Bool {
        isIdentifier(name) || LCClassName.builtIn.contains(name)
    }

    /// A top-level field name: a letter, then letters, digits or `_` (error 105).
    ///
    /// `__type` and `__op` fail too, which keeps them out of user data as §2.2 asks.
    public static func isValidFieldName(_ name: String) -> Bool {
        isIdentifier(name)
    }

    /// A key inside a nested JSON object value: anything without `$` or `.` (error 121).
    public static func isValidNestedKey(_ key: String) -> Bool {
        !key.utf8.contains { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: ".") }
    }

    /// A role name: one or more of `A-Za-z0-9_` (error 139, spec §6.4).
    public static func isValidRoleName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
    }

    /// A file name: 1 to 36 of `a-zA-Z0-9_.` (error 122).
    public static func isValidFileName(_ name: String) -> Bool {
        let utf8 = name.utf8
        return (1...36).contains(utf8.count)
            && utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
    }

    /// `[A-Za-z][A-Za-z0-9_]*`, ASCII only.
    static func isIdentifier(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        while let byte = bytes.next() {
            guard isAlphanumeric(byte) || byte == UInt8(ascii: "_") else { return false }
        }
        return true
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}

// MARK: - LCClassName

/// LeanCloud's built-in class names, the only class names that may begin with `_` (spec §2.1).
public enum LCClassName {
    /// Users (`/1.1/users`).
    public static let user = "_User"
    /// Roles (`/1.1/roles`).
    public static let role = "_Role"
    /// Files (`/1.1/files`).
    public static let file = "_File"
    /// Push installations (`/1.1/installations`).
    public static let installation = "_Installation"
    /// IM conversations.
    public static let conversation = "_Conversation"
    /// Status-feed followees.
    public static let followee = "_Followee"
    /// Status-feed followers.
    public static let follower = "_Follower"
    /// Friend requests (`/1.1/users/friendshipRequests`).
    public static let friendshipRequest = "_FriendshipRequest"
    /// Notifications.
    public static let notification = "_Notification"
    /// Status-feed statuses.
    public static let status = "_Status"
    /// System messages.
    public static let sysMessage = "_SysMessage"

    /// Every built-in class name.
    public static let builtIn: Set<String> = [
        user, role, file, installation, conversation, followee, follower, friendshipRequest, notification, status,
        sysMessage,
    ]
}

// MARK: - LCFieldName

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

// MARK: - LCObjectId

/// The shape of LeanCloud object ids: 24 lowercase hex digits, like a MongoDB ObjectId (spec §2.2).
public enum LCObjectId {
    /// The number of characters in an object id.
    public static let length = 24

    /// Whether `id` is exactly 24 characters of `0-9a-f`, e.g. `558e20cbe4b060308e3eb36c`.
    public static func isValid(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard utf8.count == length else { return false }
        return utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
        }
    }
}
