import LCWire

extension UserRoutes {
    /// `GET /1.1/users/me` with `X-LC-Session` or `?session_token=` → the log-in shape with the
    /// token (spec §5.5). A missing, unknown, revoked or expired token → 400/211.
    /// Here `?session_token=` wins over the header: it names the token to look up, not the caller.
    /// The Python SDK's `User.become(token)` and `is_authenticated()` send the token to check in
    /// the query while `X-LC-Session` carries the current user's (leancloud/user.py).
    static func me(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let queried = request.query("session_token").flatMap { $0.isEmpty ? nil : $0 }
        guard let token = queried ?? request.sessionToken else { throw APIError(.userNotFound) }
        let body = try app.database.read { db -> JSONObject in
            guard let userId = try SessionStore.userId(forToken: token, now: app.clock.nowMilliseconds, in: db),
                  let user = try UserStore.fetch(userId, in: db) else { throw APIError(.userNotFound) }
            return try UserResponse.withSession(user, token: token, app: app, in: db)
        }
        return APIResponse(json: .object(body))
    }

    /// `GET /1.1/users/<id>` (and `/1.1/classes/_User/<id>`): the user without password or
    /// token; `authData` only for its owner or the master key; unknown → 400/211 (§5.6, §2.4).
    /// Reads follow the `get` class permission and the user's ACL like any object (§6.2, §6.3).
    static func fetch(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let access = request.access
        let objectId = request.parameter("objectId")
        let renderer = try ObjectRenderer(options: RenderOptions(parameter: request.query, app: app), access: access)
        let body = try app.database.read { db -> JSONObject in
            try access.require(.get, on: LCClassName.user, in: db)
            guard let user = try UserStore.fetch(objectId, in: db) else { throw APIError(.userNotFound) }
            try access.requireRead(user, in: db)
            return try renderer.render(user, in: db)
        }
        return APIResponse(json: .object(body))
    }
}
