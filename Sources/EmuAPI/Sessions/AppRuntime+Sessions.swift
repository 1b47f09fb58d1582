import LCWire

extension AppRuntime {
    /// The live session token of `userId`, created as a log-in would (spec §5.2: one stable
    /// token per user). For tests and tools that act as a user without knowing the password.
    public func sessionToken(forUser userId: String) throws -> String {
        try database.write { db in
            try SessionStore.tokenForLogIn(userId: userId, now: clock.nowMilliseconds,
                                          lifetime: sessionLifetimeMilliseconds, in: db)
        }
    }
}
