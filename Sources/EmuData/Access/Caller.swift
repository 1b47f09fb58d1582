import LCWire

/// Who makes a request (spec §6.2): the master key, the user of a valid session, or nobody in
/// particular. Resolved at most once per request, by its `AccessContext`.
public struct Caller: Sendable, Equatable {
    /// The master key was presented: every ACL, class permission and self-only rule is bypassed.
    public var isMaster: Bool
    /// The objectId of the user whose live session the request carries.
    public var userId: String?
    /// A session token was sent but is unknown, revoked or expired. Such a request is served as
    /// anonymous (its writes fall to the ACL); `/users/me` answers 211 (spec §5.5).
    public var hasInvalidSession: Bool

    public init(isMaster: Bool = false, userId: String? = nil, hasInvalidSession: Bool = false) {
        self.isMaster = isMaster
        self.userId = userId
        self.hasInvalidSession = hasInvalidSession
    }

    public static let anonymous = Caller()
    public static let master = Caller(isMaster: true)
}
