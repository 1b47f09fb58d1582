import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// The user endpoints (spec §5): the current user, a user as a record, its session token and
/// password here; sign-up (with linked accounts) in `+SignUp`, log-in in `+LogIn`, the emailed
/// links in `+Email`. The object routes defer `_User` to them (`/1.1/users[/<id>]` and
/// `/1.1/classes/_User[/<id>]` reach `signUp`, `fetch`, `update` and `delete` from `ObjectRoutes`).
package enum UserRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/1.1/login", APIRoute(appAccess: .app) { request in
            try logIn(request, fields: try request.jsonObjectBody())
        })
        router.add("GET", "/1.1/login", APIRoute(appAccess: .app, work: .writes) { request in
            try logIn(request, fields: legacyLogInFields(request))
        })
        router.add("GET", "/1.1/users/me", APIRoute(appAccess: .app) { try me($0) })
        router.add("GET", "/1.1/users", APIRoute(appAccess: .app, work: .slow) { try query($0) })  // a query (QueryRoutes)
        router.add("PUT", "/1.1/users/:objectId/refreshSessionToken",
                   APIRoute(appAccess: .app) { try refreshSessionToken($0) })
        router.add("PUT", "/1.1/users/:objectId/updatePassword",
                   APIRoute(appAccess: .app) { try updatePassword($0) })
        router.add("POST", "/1.1/requestPasswordReset",
                   APIRoute(appAccess: .app) { try requestPasswordReset($0) })
        router.add("POST", "/1.1/requestEmailVerify",
                   APIRoute(appAccess: .app) { try requestEmailVerify($0) })
        UserLinkPages.register(in: &router)
    }

    /// §5.6: only the user's own session or the master key may change a user, whatever its
    /// ACL says → otherwise 403 with code 206.
    static func requireSelf(_ caller: Caller, objectId: String) throws {
        guard caller.isMaster || (caller.userId != nil && caller.userId == objectId) else {
            throw APIError(.sessionMissing)
        }
    }

    /// `GET /1.1/users`: a query of `_User` through the query endpoint (§5.1), with its `find`
    /// class permission; the renderer leaves other users' `authData` out (§5.2).
    static func query(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let parameters = try QueryParameters(request)
        let render = try RenderOptions(parameter: { request.query($0) })
        return APIResponse(serializedJSON: try QueryRoutes.answer(LCClassName.user, parameters, render, request))
    }

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
        let renderer = try ObjectRenderer(options: RenderOptions(parameter: { request.query($0) }, app: app), access: access)
        let body = try app.database.read { db -> JSONObject in
            try access.require(.get, on: LCClassName.user, in: db)
            guard let user = try UserStore.fetch(objectId, in: db) else { throw APIError(.userNotFound) }
            try access.requireRead(user, in: db)
            return try renderer.render(user, in: db)
        }
        return APIResponse(json: .object(body))
    }

    /// `PUT /1.1/users/<id>` (and `/1.1/classes/_User/<id>`): self-only (§5.6) →
    /// `{"updatedAt","objectId"}`, after the changed fields with `fetchWhenSave`.
    static func update(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let objectId = request.parameter("objectId")
        let access = request.access
        try requireSelf(try request.caller(), objectId: objectId)
        var fields = try request.jsonObjectBody()
        let condition = try ObjectRoutes.condition(request, of: LCClassName.user)
        let hooks = try ObjectHooks.of(request, className: LCClassName.user, body: fields)
        if let hooks, hooks.runs(.beforeUpdate) { fields = try hooks.beforeUpdate(fields, objectId: objectId) }
        let updated = try UserWrites.update(
            objectId: objectId, body: fields, condition: condition,
            app: app, access: access, fetchWhenSave: ObjectRoutes.fetchWhenSave(request))
        AfterHooks.afterWrite(hooks, .afterUpdate, objectId: objectId, updatedKeys: HookObject.updatedKeys(of: fields), app: app)
        var body = updated.changedFields ?? JSONObject()
        body[LCFieldName.updatedAt] = .string(updated.record.updatedAt.iso)
        body[LCFieldName.objectId] = .string(updated.record.objectId)
        return APIResponse(json: .object(body))
    }

    /// `DELETE /1.1/users/<id>` (and `/1.1/classes/_User/<id>`): self-only (§5.6) → `{}`; the
    /// user's session dies with it.
    static func delete(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let objectId = request.parameter("objectId")
        let access = request.access
        try requireSelf(try request.caller(), objectId: objectId)
        let condition = try ObjectRoutes.condition(request, of: LCClassName.user)
        let hooks = try ObjectHooks.of(request, className: LCClassName.user, body: try? request.jsonObjectBody())
        let stored = try hooks.map { hooks in
            hooks.runs(.beforeDelete) || hooks.runs(.afterDelete) ? try hooks.stored(objectId, app: app) : [:]
        }
        if let hooks, let stored { try hooks.beforeDelete(stored) }
        try UserWrites.delete(objectId: objectId, condition: condition, app: app, access: access)
        if let stored { AfterHooks.afterDelete(hooks, object: stored) }
        return APIResponse(json: .object(JSONObject()))
    }

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
        guard UserPassword.hasher.verify(password: old, encoded: stored) else { throw APIError(.usernamePasswordMismatch) }
        let hashes = UserPassword.NewPassword(plain: newPassword)  // slow: outside the writer
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
