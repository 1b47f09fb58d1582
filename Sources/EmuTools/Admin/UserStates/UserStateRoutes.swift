import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin/user-states`, `/__admin/sessions/<userId>`, `/__admin/login-failures/<userId>`:
/// users' sessions and log-in locks, which `/1.1` does not expose, for the dashboard and tests.
package enum UserStateRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        // `{"results":[{"userId","session":{"token":"…abcd","createdAt","expiresAt"}|null,
        //   "failedLogIns","locked","lockedUntil"}]}` for users with a session or failed log-ins.
        router.add("GET", "/__admin/user-states", APIRoute(appAccess: .master) { request in
            let app = request.app
            let now = app.clock.nowMilliseconds
            let states = try app.database.read { db in try UserState.all(now: now, in: db) }
            return APIResponse(json: ["results": .array(states.map(\.json))])
        })
        // Revokes the user's session token: its next request with it gets 211.
        router.add("DELETE", "/__admin/sessions/:userId", APIRoute(appAccess: .master) { request in
            let userId = request.parameter("userId")
            let deleted = try request.app.database.write { db in
                try SessionStore.revoke(userId: userId, in: db)
                return db.changes
            }
            return APIResponse(json: ["status": "ok", "deleted": JSON(deleted)])
        })
        // Forgets the user's failed log-ins, which lifts a lock (219) at once.
        router.add("DELETE", "/__admin/login-failures/:userId", APIRoute(appAccess: .master) { request in
            let userId = request.parameter("userId")
            try request.app.database.write { db in try LoginThrottle.clear(userId: userId, in: db) }
            return APIResponse(json: ["status": "ok"])
        })
    }
}
