import EmuSQLite
import LCWire

/// A password verified outside any transaction (PBKDF2 is slow: the writer must not wait on it),
/// tied to the hashes it was checked against, so that the write acting on it can tell whether it
/// still holds: a password changed while the hash ran makes the verdict stale.
package struct PasswordVerdict: Sendable, Equatable {
    let userId: String
    package let matches: Bool
    private let stamp: [String?]
    /// The `/api` hash to store with the log-in, when the user has none for the current password
    /// (created before `/api` log-in existed, or imported without it): `UserPassword`.
    private(set) var missingWebPassword: String?

    package init(user: ObjectRecord, matches: Bool) {
        userId = user.objectId
        self.matches = matches
        stamp = Self.stamp(of: user)
    }

    /// Checks `plain` against the user's main hash (`/1.1/login`, the OAuth password grant), and
    /// makes the missing `/api` hash while the plain password is at hand. Slow on purpose (one
    /// PBKDF2, two the first time): call it outside any transaction.
    package init(user: ObjectRecord, plain: String) {
        let hash = user.fields[LCFieldName.password]?.stringValue
        self.init(user: user, matches: hash.map { UserPassword.hasher.verify(password: plain, encoded: $0) } ?? false)
        if matches, let hash, !UserPassword.isWebHashBound(to: hash, fields: user.fields) {
            missingWebPassword = UserPassword.webHash(plain: plain, hash: hash)
        }
    }

    /// Stores `missingWebPassword` on `user` (the current row, which `holds(for:)` accepted), in the
    /// log-in's own write. Not a change a client sees, so `updatedAt` stays.
    package func storeMissingWebPassword(on user: ObjectRecord, in db: Database) throws {
        guard let missingWebPassword else { return }
        var user = user
        user.fields[UserPassword.webField] = .string(missingWebPassword)
        try ObjectStore.update(user, in: db)
    }

    /// True when `user` is the user verified, with the same password hashes as then.
    package func holds(for user: ObjectRecord) -> Bool {
        user.objectId == userId && Self.stamp(of: user) == stamp
    }

    /// The fields a password check reads: the main hash and the `/api` one.
    private static func stamp(of user: ObjectRecord) -> [String?] {
        [user.fields[LCFieldName.password]?.stringValue, user.fields[UserPassword.webField]?.stringValue]
    }
}
