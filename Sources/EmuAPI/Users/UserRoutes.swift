import EmuHTTP
import LCWire

/// The user endpoints (spec §5): log-in, the current user, sessions, passwords, and the
/// `_User` rules the object routes defer to (`/1.1/users[/<id>]` and `/1.1/classes/_User[/<id>]`
/// reach `signUp`, `fetch`, `update` and `delete` from `ObjectRoutes`).
enum UserRoutes {
    static func register(in router: inout Router<APIRoute>) {
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
        return APIResponse(json: .object(try QueryRoutes.run(LCClassName.user, parameters, render, request)))
    }
}
