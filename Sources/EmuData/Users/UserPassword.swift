import EmuCrypto
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
