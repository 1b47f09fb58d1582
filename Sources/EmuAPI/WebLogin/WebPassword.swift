import EmuCrypto
import LCWire
import Primitives

/// The second password hash that lets `/api/login` check a password sent as its SHA-1 hex
/// (login-flows.md §2) while the server keeps only PBKDF2 hashes (docs/compatibility.md).
///
/// Whenever a `_User` password is set, `UserFields` also stores, in the hidden field
/// `_webPassword`, a PBKDF2 hash of the lowercase SHA-1 hex of the plain password, prefixed with
/// a digest of the main hash it was made with. The field name is not a valid field name (105), so
/// clients can neither write nor read it, and the renderer leaves it out. A password changed by
/// any other path leaves a stale prefix: the web password then fails until the next password
/// log-in on `/1.1/login` or the OAuth password grant, which stores a fresh one
/// (`PasswordVerdict.missingWebPassword`).
enum WebPassword {
    static let field = "_webPassword"

    /// The extra change to store next to `hash`, the main hash of `plain`.
    static func changes(plain: String, hash: String) -> [ObjectPatch.Change] {
        [ObjectPatch.Change(path: FieldPath(field), action: .set(.string(stored(plain: plain, hash: hash))))]
    }

    /// Both hashes of a new password, for code that writes a `_User` row itself. Two PBKDF2
    /// runs: build it outside any transaction, so the writer does not wait on them.
    struct NewPassword: Sendable {
        let hash: String
        let web: String

        init(plain: String) {
            hash = UserFields.hasher.hash(password: plain)
            web = WebPassword.stored(plain: plain, hash: hash)
        }

        /// Sets `password` and the hidden `/api` hash in `fields`.
        func set(into fields: inout JSONObject) {
            fields[LCFieldName.password] = .string(hash)
            fields[WebPassword.field] = .string(web)
        }
    }

    /// `<binding>:<PBKDF2 of sha1hex(plain)>`.
    static func stored(plain: String, hash: String) -> String {
        binding(of: hash) + ":" + UserFields.hasher.hash(password: SHA1.hex(plain))
    }

    /// True when `sha1Hex` (any case) is the SHA-1 of the user's current password.
    static func verify(sha1Hex: String, fields: JSONObject) -> Bool {
        guard let hash = fields[LCFieldName.password]?.stringValue, let stored = storedParts(fields),
              ConstantTime.equals(stored.binding, binding(of: hash)) else { return false }
        return UserFields.hasher.verify(password: sha1Hex.lowercased(), encoded: stored.webHash)
    }

    /// True when the stored `/api` hash was made with `hash`, the current main hash.
    static func isBound(to hash: String, fields: JSONObject) -> Bool {
        storedParts(fields).map { ConstantTime.equals($0.binding, binding(of: hash)) } ?? false
    }

    /// The stored `<binding>:<PBKDF2>` split at its colon; nil when there is none.
    private static func storedParts(_ fields: JSONObject) -> (binding: String, webHash: String)? {
        guard let stored = fields[field]?.stringValue, let colon = stored.firstIndex(of: ":") else { return nil }
        return (String(stored[..<colon]), String(stored[stored.index(after: colon)...]))
    }

    /// Fields of `_User` never rendered.
    static func isHidden(_ key: String) -> Bool { key == field }

    private static func binding(of hash: String) -> String { String(Digest.sha256Hex(hash).prefix(32)) }
}
