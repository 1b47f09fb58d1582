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
