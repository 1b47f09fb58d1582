import EmuSQLite

extension LoginThrottle {
    /// What a verified password comes to once the throttle has had its say.
    enum Outcome: Equatable {
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
    static func settle(userId: String, matches: Bool, now: Int64, in db: Database) throws -> Outcome {
        if try isLocked(userId: userId, now: now, in: db) { return .locked }
        guard matches else {
            try recordFailure(userId: userId, now: now, in: db)
            return .wrongPassword
        }
        try clear(userId: userId, in: db)
        return .loggedIn
    }
}
