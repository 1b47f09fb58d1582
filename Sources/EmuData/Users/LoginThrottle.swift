import EmuSQLite

/// The log-in lockout (spec §5.4, §10): more than 6 failed log-ins for one user within 15
/// minutes lock the account until 15 minutes after the last failure, even for the right
/// password (219). Failures live in `login_failures`; time is the app clock's.
package enum LoginThrottle {
    /// Failures that lock: "more than 6".
    static let maxFailures = 6
    /// The window the failures must fall in, and how long the lock lasts after the last one.
    package static let window: Int64 = 15 * 60 * 1000

    /// Whether the user is locked out at `now`: the last 7 failures span less than the window
    /// and the last one is less than a window ago.
    package static func isLocked(userId: String, now: Int64, in db: Database) throws -> Bool {
        let times = try db.query(
            "SELECT at FROM login_failures WHERE user_id = ? ORDER BY at DESC LIMIT ?",
            [.text(userId), .integer(Int64(maxFailures + 1))]).compactMap { $0[0].int64Value }
        guard times.count > maxFailures, let last = times.first, let oldest = times.last else { return false }
        return last - oldest < window && now < last + window
    }

    /// Records a failure, forgetting those too old to matter any more.
    static func recordFailure(userId: String, now: Int64, in db: Database) throws {
        try db.execute("DELETE FROM login_failures WHERE user_id = ? AND at <= ?",
                       [.text(userId), .integer(now - 2 * window)])
        try db.execute("INSERT INTO login_failures (user_id, at) VALUES (?, ?)", [.text(userId), .integer(now)])
    }

    /// A successful log-in (or a deleted user) starts from a clean slate.
    package static func clear(userId: String, in db: Database) throws {
        try db.execute("DELETE FROM login_failures WHERE user_id = ?", [.text(userId)])
    }

    /// What a verified password comes to once the throttle has had its say.
    package enum Outcome: Equatable {
        /// 219: locked, whatever the password (spec §5.4).
        case locked
        /// A wrong password, now counted.
        case wrongPassword
        /// A right password; the failures are forgotten.
        case loggedIn
    }

    /// The write half of every password log-in (`/1.1/login`, the OAuth password grant,
    /// `/api/login`): the hash was verified outside any transaction, and here, on the writer, a
    /// lock that appeared meanwhile still wins (219 even for the right password, spec §5.4), a
    /// wrong password is counted and a right one clears the count.
    package static func settle(userId: String, matches: Bool, now: Int64, in db: Database) throws -> Outcome {
        if try isLocked(userId: userId, now: now, in: db) { return .locked }
        guard matches else {
            try recordFailure(userId: userId, now: now, in: db)
            return .wrongPassword
        }
        try clear(userId: userId, in: db)
        return .loggedIn
    }
}
