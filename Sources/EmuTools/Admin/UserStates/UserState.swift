import EmuData
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
