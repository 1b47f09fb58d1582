import LCWire

extension UserRoutes {
    /// `PUT /1.1/users/<id>/refreshSessionToken` (the user's session or master) → the whole
    /// user with a new token; the old one stops working at once (spec §5.7).
    static func refreshSessionToken(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let objectId = request.parameter("objectId")
        try requireSelf(try request.caller(), objectId: objectId)
        let body = try app.database.write { db -> JSONObject in
            guard let user = try UserStore.fetch(objectId, in: db) else { throw APIError(.userNotFound) }
            let token = try SessionStore.replaceToken(userId: objectId, now: app.clock.nowMilliseconds,
                                                      lifetime: app.sessionLifetimeMilliseconds, in: db)
            return try UserResponse.withSession(user, token: token, app: app, in: db)
        }
        return APIResponse(json: .object(body))
    }

    /// `PUT /1.1/users/<id>/updatePassword` `{"old_password","new_password"}` with the user's
    /// session (or master) → 200 with the user and its session token, which stays the same
    /// (spec §5.7). A wrong old password → 210 (unconfirmed, docs/compatibility.md).
    static func updatePassword(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let objectId = request.parameter("objectId")
        try requireSelf(try request.caller(), objectId: objectId)
        let fields = try request.jsonObjectBody()
        guard case .string(let old)? = fields["old_password"], !old.isEmpty,
              let new = fields["new_password"], new != .string("") else { throw APIError(.passwordMissing) }
        guard UserValidation.isNonBlank(new), let newPassword = new.stringValue else { throw APIError(.invalidPassword) }
        let user = try app.database.read { db in try UserStore.fetch(objectId, in: db) }
        guard let stored = user?.fields[LCFieldName.password]?.stringValue else {
            throw APIError(user == nil ? .userNotFound : .usernamePasswordMismatch)
        }
        guard UserFields.hasher.verify(password: old, encoded: stored) else { throw APIError(.usernamePasswordMismatch) }
        let hashes = WebPassword.NewPassword(plain: newPassword)  // slow: outside the writer
        let body = try app.database.write { db -> JSONObject in
            guard var user = try UserStore.fetch(objectId, in: db) else { throw APIError(.userNotFound) }
            hashes.set(into: &user.fields)
            user.updatedAt = app.clock.now
            try ObjectStore.update(user, in: db)
            let token = try UserResponse.token(for: objectId, app: app, in: db)
            return try UserResponse.withSession(user, token: token, app: app, in: db)
        }
        return APIResponse(json: .object(body))
    }
}
