import LCWire

/// A password verified outside any transaction (PBKDF2 is slow: the writer must not wait on it),
/// tied to the hashes it was checked against, so that the write acting on it can tell whether it
/// still holds: a password changed while the hash ran makes the verdict stale.
struct PasswordVerdict: Sendable, Equatable {
    let userId: String
    let matches: Bool
    private let stamp: [String?]

    init(user: ObjectRecord, matches: Bool) {
        userId = user.objectId
        self.matches = matches
        stamp = Self.stamp(of: user)
    }

    /// Checks `plain` against the user's main hash (`/1.1/login`, the OAuth password grant). Slow
    /// on purpose: call it outside any transaction.
    init(user: ObjectRecord, plain: String) {
        self.init(user: user, matches: user.fields[LCFieldName.password]?.stringValue.map {
            UserFields.hasher.verify(password: plain, encoded: $0)
        } ?? false)
    }

    /// True when `user` is the user verified, with the same password hashes as then.
    func holds(for user: ObjectRecord) -> Bool {
        user.objectId == userId && Self.stamp(of: user) == stamp
    }

    /// The fields a password check reads: the main hash and the `/api` one.
    private static func stamp(of user: ObjectRecord) -> [String?] {
        [user.fields[LCFieldName.password]?.stringValue, user.fields[WebPassword.field]?.stringValue]
    }
}
