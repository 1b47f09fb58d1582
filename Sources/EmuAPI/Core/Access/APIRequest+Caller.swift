import LCWire

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
