import EmuCrypto
import LCWire

/// How a `_User` password is kept: only as a PBKDF2 hash (`EmuCrypto.PasswordHasher`), never
/// rendered. The user endpoints (`Users/`, docs/users.md) hash through `prepared` and verify
/// with `hasher`.
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
