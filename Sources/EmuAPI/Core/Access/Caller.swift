import LCWire

/// Who makes a request (spec §6.2): the master key, the user of a valid session, or nobody in
/// particular. Resolved once per request by `APIRequest.caller()`.
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

extension APIRequest {
    /// The session token sent with the request: the one an OAuth bearer token stands for, else
    /// `X-LC-Session` (or its aliases), else the `session_token` query parameter (spec §5.5).
    /// Empty values count as none.
    public var sessionToken: String? {
        if let bearerSessionToken { return bearerSessionToken }
        let header = LCRequestCredentials { http.headers[$0] }.sessionToken
        if let header, !header.isEmpty { return header }
        if let query = query("session_token"), !query.isEmpty { return query }
        return nil
    }

    /// Who is calling. One indexed read when a token is sent; none otherwise.
    public func caller() throws -> Caller {
        guard let token = sessionToken, let app else { return Caller(isMaster: isMaster) }
        let userId = try app.database.read { db in
            try SessionStore.userId(forToken: token, now: app.clock.nowMilliseconds, in: db)
        }
        return Caller(isMaster: isMaster, userId: userId, hasInvalidSession: userId == nil)
    }
}
