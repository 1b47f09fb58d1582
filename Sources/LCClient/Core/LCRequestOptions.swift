import Foundation

/// Per-request settings that override the application's.
public struct LCRequestOptions: Sendable {
    /// Seconds before this request times out (the app's `timeout` when nil).
    public var timeout: TimeInterval?
    /// Sign this request with the master key.
    public var useMasterKey: Bool
    /// Send this session token instead of the current user's.
    public var sessionToken: String?
    /// Send no session token at all (log-in and sign-up requests).
    public var anonymous: Bool

    public init(timeout: TimeInterval? = nil, useMasterKey: Bool = false, sessionToken: String? = nil, anonymous: Bool = false) {
        self.timeout = timeout
        self.useMasterKey = useMasterKey
        self.sessionToken = sessionToken
        self.anonymous = anonymous
    }

    /// The defaults: the app's timeout, key and current user.
    public static let `default` = LCRequestOptions()
    /// No session token (log in, sign up, public reads).
    public static let anonymous = LCRequestOptions(anonymous: true)
    /// Signed with the master key.
    public static let master = LCRequestOptions(useMasterKey: true)
}
