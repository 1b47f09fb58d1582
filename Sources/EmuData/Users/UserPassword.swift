import EmuCrypto
import EmuSQLite
import LCWire
import Primitives

/// How a `_User` password is kept: never in the clear and never rendered, as two PBKDF2 hashes
/// (`EmuCrypto.PasswordHasher`).
///
/// - `password` holds the hash of the plain password; `/1.1/login` and the OAuth password grant
///   verify against it with `hasher`.
/// - The hidden field `_webPassword` holds the hash of the lowercase SHA-1 hex of the plain
///   password, prefixed with a digest of the main hash it was made with, so that `/api/login`
///   can check a password sent as its SHA-1 hex (login-flows.md §2; docs/compatibility.md).
///   Its name is not a valid field name (105): clients can neither write nor read it, the
///   renderer, queries and schemas leave it out (`isHidden`). A password set by a path that
///   writes only the main hash leaves a stale prefix: the web hash then fails until the next
///   password log-in stores a fresh one (`PasswordVerdict.missingWebPassword`).
///
/// Every write of a password goes through `prepared` (patches) or `NewPassword` (rows written
/// directly), so the two hashes are always made together.
package enum UserPassword {
    package static let hasher = PasswordHasher()
    static let webField = "_webPassword"

    /// `patch` with a `_User` password replaced by its hash and the web hash beside it; a
    /// password that is not a non-blank string is 218 (spec §9).
    static func prepared(_ patch: ObjectPatch, className: String) throws -> ObjectPatch {
        guard className == LCClassName.user else { return patch }
        var result = patch
        result.changes = try patch.changes.flatMap { change -> [ObjectPatch.Change] in
            guard change.path.head == LCFieldName.password else { return [change] }
            guard !change.path.isNested, case .set(.string(let password)) = change.action,
                  !password.allSatisfy(\.isWhitespace) else { throw APIError(.invalidPassword) }
            let hash = hasher.hash(password: password)
            return [ObjectPatch.Change(path: change.path, action: .set(.string(hash))),
                    ObjectPatch.Change(path: FieldPath(webField), action: .set(.string(webHash(plain: password, hash: hash))))]
        }
        return result
    }

    /// Both hashes of a new password, for code that writes a `_User` row itself. Two PBKDF2
    /// runs: build it outside any transaction, so the writer does not wait on them.
    package struct NewPassword: Sendable {
        let hash: String
        let web: String

        package init(plain: String) {
            hash = UserPassword.hasher.hash(password: plain)
            web = UserPassword.webHash(plain: plain, hash: hash)
        }

        /// Sets `password` and the hidden web hash in `fields`.
        package func set(into fields: inout JSONObject) {
            fields[LCFieldName.password] = .string(hash)
            fields[UserPassword.webField] = .string(web)
        }
    }

    /// `<binding>:<PBKDF2 of sha1hex(plain)>`, the web hash stored next to `hash`, the main hash of `plain`.
    static func webHash(plain: String, hash: String) -> String {
        binding(of: hash) + ":" + hasher.hash(password: SHA1.hex(plain))
    }

    /// True when `sha1Hex` (any case) is the SHA-1 of the user's current password.
    package static func verifyWeb(sha1Hex: String, fields: JSONObject) -> Bool {
        guard let hash = fields[LCFieldName.password]?.stringValue, let stored = storedWebParts(fields),
              ConstantTime.equals(stored.binding, binding(of: hash)) else { return false }
        return hasher.verify(password: sha1Hex.lowercased(), encoded: stored.webHash)
    }

    /// True when the stored web hash was made with `hash`, the current main hash.
    static func isWebHashBound(to hash: String, fields: JSONObject) -> Bool {
        storedWebParts(fields).map { ConstantTime.equals($0.binding, binding(of: hash)) } ?? false
    }

    /// Fields of `_User` never rendered, queried or listed in a schema.
    package static func isHidden(_ key: String) -> Bool { key == webField }

    /// The stored `<binding>:<PBKDF2>` split at its colon; nil when there is none.
    private static func storedWebParts(_ fields: JSONObject) -> (binding: String, webHash: String)? {
        guard let stored = fields[webField]?.stringValue, let colon = stored.firstIndex(of: ":") else { return nil }
        return (String(stored[..<colon]), String(stored[stored.index(after: colon)...]))
    }

    private static func binding(of hash: String) -> String { String(Digest.sha256Hex(hash).prefix(32)) }
}

// MARK: - PasswordVerdict

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
