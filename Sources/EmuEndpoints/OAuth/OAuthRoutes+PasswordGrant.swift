import EmuData
import EmuRouting
import EmuSQLite
import LCWire

extension OAuthRoutes {
    /// `username` (user name, email or phone) and the plain `password`, under the same lockout as
    /// `/1.1/login` (spec §5.4: 219 after more than 6 failures in 15 minutes), answered as
    /// `invalid_grant` (docs/compatibility.md). Like `/1.1/login`: read the user, verify the hash
    /// outside any transaction, then settle the throttle and issue the tokens in one short write.
    static func passwordGrant(_ form: [String: String], app: AppRuntime, now: Int64) throws -> OAuthTokenStore.Grant {
        guard let username = form["username"], !username.isEmpty, let password = form["password"], !password.isEmpty else {
            throw OAuthFailure.invalidRequest("username and password are required.")
        }
        let user = try app.database.read { db -> ObjectRecord in
            guard let user = try UserLookup.find(login: username, in: db) else { throw OAuthFailure.wrongCredentials }
            if try LoginThrottle.isLocked(userId: user.objectId, now: now, in: db) { throw OAuthFailure.locked }
            return user
        }
        let verdict = PasswordVerdict(user: user, plain: password)
        let outcome = try app.database.write { db -> Result<OAuthTokenStore.Grant, OAuthFailure> in
            // Deleted, or its password changed, while the hash ran: refused, not counted.
            guard let current = try UserStore.fetch(user.objectId, in: db), verdict.holds(for: current) else {
                return .failure(.wrongCredentials)
            }
            switch try LoginThrottle.settle(userId: user.objectId, matches: verdict.matches, now: now, in: db) {
            case .locked: return .failure(.locked)
            case .wrongPassword: return .failure(.wrongCredentials)
            case .loggedIn:
                try verdict.storeMissingWebPassword(on: current, in: db)
                return .success(try issue(userId: user.objectId, app: app, now: now, in: db))
            }
        }
        // Thrown after the commit, so that a counted failure stays counted.
        return try outcome.get()
    }
}
