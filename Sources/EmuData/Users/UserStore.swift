import EmuSQLite
import LCWire

/// Looks users up by their unique fields, on the indexes of their side table (`ObjectKeys`), and
/// by their third-party ids (spec §5.2, §5.8).
package enum UserStore {
    /// The fields that identify one user and must be unique, with the error of a clash (§5.2).
    static let uniqueFields: [(field: String, taken: LCErrorCode)] = [
        (LCFieldName.username, .usernameTaken),
        (LCFieldName.email, .emailTaken),
        (LCFieldName.mobilePhoneNumber, .mobilePhoneNumberTaken),
    ]

    /// The user whose `field` equals `value` (case-sensitive, §5.2). `field` is one of
    /// `uniqueFields`, never input: its column of `user_keys` is written into the SQL. Should
    /// two users hold one value (written around the checks: an import, a file edited by hand),
    /// the older is found.
    package static func user(where field: String, equals value: String, in db: Database) throws -> ObjectRecord? {
        precondition(uniqueFields.contains { $0.field == field }, "not a unique user field: \(field)")
        let id = try db.query(ObjectKeys.user.lookupSQL(field: field), [.text(value)]).first?[0].textValue
        return try id.flatMap { try fetch($0, in: db) }
    }

    /// The user by objectId.
    package static func fetch(_ objectId: String, in db: Database) throws -> ObjectRecord? {
        try ObjectStore.fetch(className: LCClassName.user, objectId: objectId, in: db)
    }

    /// The user linked to `platform` with the id `uid` (`authData.<platform>.<key>`).
    static func user(linkedTo platform: String, key: String, uid: String, in db: Database) throws -> ObjectRecord? {
        // The platform name was checked to be `[A-Za-z0-9_]`, so quoting it in the path is safe.
        let path = "$.authData.\"\(platform)\".\(key)"
        let id = try db.query("SELECT id FROM objects WHERE class = '_User' AND json_extract(data, ?) = ? LIMIT 1",
                              [.text(path), .text(uid)]).first?[0].textValue
        return try id.flatMap { try fetch($0, in: db) }
    }

    /// Throws 202/203/214 when another user already holds one of `record`'s unique values.
    /// Call inside the write transaction that stores `record`: writes are serialised, so no
    /// other sign-up can slip in between the check and the write.
    package static func checkUnique(_ record: ObjectRecord, in db: Database) throws {
        for (field, taken) in uniqueFields {
            guard case .string(let value)? = record.fields[field] else { continue }
            if let other = try user(where: field, equals: value, in: db), other.objectId != record.objectId {
                throw APIError(taken)
            }
        }
    }
}

// MARK: - UserPhoneLookup

/// Finds the user holding a phone number. Users keep the number as they signed up with it
/// (`18600000000` or `+8618600000000`), so a mainland number is looked up in both forms.
package enum UserPhoneLookup {
    /// The stored forms that mean `phone`.
    static func forms(of phone: PhoneNumber) -> [String] {
        phone.e164.hasPrefix("+86") ? [phone.e164, String(phone.e164.dropFirst(3))] : [phone.e164]
    }

    /// The user with this number, or nil: one `UserStore` look-up per stored form, each on the
    /// phone index of `user_keys`.
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
