import EmuSQLite
import LCWire

/// Finds the user holding a phone number. Users keep the number as they signed up with it
/// (`18600000000` or `+8618600000000`), so a mainland number is looked up in both forms.
package enum UserPhoneLookup {
    /// The stored forms that mean `phone`.
    static func forms(of phone: PhoneNumber) -> [String] {
        phone.e164.hasPrefix("+86") ? [phone.e164, String(phone.e164.dropFirst(3))] : [phone.e164]
    }

    /// The user with this number, or nil: one `UserStore` look-up per stored form, each on the
    /// phone index of `users-v1`.
    package static func user(withPhone phone: PhoneNumber, in db: Database) throws -> ObjectRecord? {
        for form in forms(of: phone) {
            if let user = try UserStore.user(where: LCFieldName.mobilePhoneNumber, equals: form, in: db) { return user }
        }
        return nil
    }

    /// The user with this number; none → 213.
    package static func requiredUser(withPhone phone: PhoneNumber, in db: Database) throws -> ObjectRecord {
        guard let user = try user(withPhone: phone, in: db) else { throw APIError(.mobilePhoneNumberNotFound) }
        return user
    }
}
