import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire

/// What the dashboard shows of a user beyond its object: its session and its log-in lock
/// (spec §5.2, §5.4). Only users with a session or recent failed log-ins have one.
struct UserState {
    var userId: String
    /// The session token's last characters, enough to tell two apart; never the whole token.
    var sessionHint: String?
    var sessionCreatedAt: Int64?
    var sessionExpiresAt: Int64?
    var failedLogIns = 0
    var lockedUntil: Int64?

    var json: JSON {
        var object: JSONObject = ["userId": .string(userId)]
        if let sessionHint, let sessionCreatedAt {
            var session: JSONObject = ["token": .string("…" + sessionHint),
                                       "createdAt": .string(LCDate(millisecondsSince1970: sessionCreatedAt).iso)]
            session["expiresAt"] = sessionExpiresAt.map { .string(LCDate(millisecondsSince1970: $0).iso) } ?? .null
            object["session"] = .object(session)
        } else {
            object["session"] = .null
        }
        object["failedLogIns"] = JSON(failedLogIns)
        object["locked"] = .bool(lockedUntil != nil)
        object["lockedUntil"] = lockedUntil.map { .string(LCDate(millisecondsSince1970: $0).iso) } ?? .null
        return .object(object)
    }

    /// Every user with a session or failed log-ins, by user id.
    static func all(now: Int64, in db: Database) throws -> [UserState] {
        var states: [String: UserState] = [:]
        for row in try db.query("SELECT user_id, token, created_at, expires_at FROM sessions") {
            let userId = row[0].textValue ?? ""
            var state = states[userId] ?? UserState(userId: userId)
            state.sessionHint = String((row[1].textValue ?? "").suffix(4))
            state.sessionCreatedAt = row[2].int64Value
            state.sessionExpiresAt = row[3].int64Value
            states[userId] = state
        }
        for row in try db.query("SELECT user_id, COUNT(*), MAX(at) FROM login_failures GROUP BY user_id") {
            let userId = row[0].textValue ?? ""
            var state = states[userId] ?? UserState(userId: userId)
            state.failedLogIns = Int(row[1].int64Value ?? 0)
            if try LoginThrottle.isLocked(userId: userId, now: now, in: db), let last = row[2].int64Value {
                state.lockedUntil = last + LoginThrottle.window
            }
            states[userId] = state
        }
        return states.values.sorted { $0.userId < $1.userId }
    }
}

// MARK: - UserStateRoutes

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
