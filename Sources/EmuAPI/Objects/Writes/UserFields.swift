import EmuCrypto
import LCWire

/// What the object API does for `_User` before the user endpoints arrive: a `password` is
/// stored only as a PBKDF2 hash (`EmuCrypto.PasswordHasher`) and never rendered.
enum UserFields {
    static let hasher = PasswordHasher()

    /// `patch` with a `_User` password replaced by its hash; a password that is not a
    /// non-blank string is 218 (spec §9).
    static func prepared(_ patch: ObjectPatch, className: String) throws -> ObjectPatch {
        guard className == LCClassName.user else { return patch }
        var result = patch
        result.changes = try patch.changes.flatMap { change -> [ObjectPatch.Change] in
            guard change.path.head == LCFieldName.password else { return [change] }
            guard !change.path.isNested, case .set(.string(let password)) = change.action,
                  !password.allSatisfy(\.isWhitespace) else { throw APIError(.invalidPassword) }
            let hash = hasher.hash(password: password)
            // The SHA-1 form for /api/login (WebLogin/WebPassword.swift).
            return [ObjectPatch.Change(path: change.path, action: .set(.string(hash)))]
                + WebPassword.changes(plain: password, hash: hash)
        }
        return result
    }
}
