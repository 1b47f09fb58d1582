import LCWire

/// Checks of the user fields a client sends on sign-up and update (spec §5.3, §9).
package enum UserValidation {
    /// Fields only the server (or the master key) sets: the verification flags (§5.2) and the
    /// session token, which exists only in auth responses. Client writes to them are dropped.
    static let serverOwned: Set<String> = [
        LCFieldName.emailVerified, LCFieldName.mobilePhoneVerified, LCFieldName.sessionToken,
    ]

    /// The body without the fields a client may not write; the master key may set the flags.
    static func writable(_ body: JSONObject, isMaster: Bool) -> JSONObject {
        JSONObject(body.compactMap { key, value in
            key == LCFieldName.sessionToken || (!isMaster && serverOwned.contains(key)) ? nil : (key, value)
        })
    }

    /// Sign-up: 200/201 when username or password is missing or empty, 217/218 when it is not
    /// a non-blank string, then the optional email (125) and phone (127).
    package static func checkSignUp(_ body: JSONObject) throws {
        try checkRequired(body[LCFieldName.username], missing: .usernameMissing, invalid: .invalidUsername)
        try checkRequired(body[LCFieldName.password], missing: .passwordMissing, invalid: .invalidPassword)
        try checkContact(body)
    }

    /// Update: a username or password that is written must be a non-blank string (217/218);
    /// email and phone as on sign-up. Operations on these fields are refused the same way.
    package static func checkUpdate(_ body: JSONObject) throws {
        if let username = body[LCFieldName.username], !isNonBlank(username) { throw APIError(.invalidUsername) }
        if let password = body[LCFieldName.password], !isNonBlank(password) { throw APIError(.invalidPassword) }
        try checkContact(body)
    }

    /// An email must look like one (125) and a phone number like one (127); `authData` must be
    /// an object of platforms (111). `null` and a Delete remove the field and are accepted.
    private static func checkContact(_ body: JSONObject) throws {
        if let authData = body[LCFieldName.authData], !isRemoval(authData), authData.objectValue == nil {
            let got = FieldType(of: authData)?.displayName ?? "Null"
            throw APIError(.invalidType(key: LCFieldName.authData, expected: FieldType.object.displayName, got: got))
        }
        if let email = body[LCFieldName.email], !isRemoval(email) {
            guard let text = email.stringValue, isEmail(text) else { throw APIError(.invalidEmail) }
        }
        if let phone = body[LCFieldName.mobilePhoneNumber], !isRemoval(phone) {
            guard let text = phone.stringValue, isPhoneNumber(text) else { throw APIError(.invalidMobilePhoneNumber) }
        }
    }

    private static func checkRequired(_ value: JSON?, missing: LCErrorCode, invalid: LCErrorCode) throws {
        switch value {
        case nil, .null?, .string("")?: throw APIError(missing)
        case let value?: if !isNonBlank(value) { throw APIError(invalid) }
        }
    }

    package static func isNonBlank(_ value: JSON) -> Bool {
        guard case .string(let text) = value else { return false }
        return !text.allSatisfy(\.isWhitespace)
    }

    private static func isRemoval(_ value: JSON) -> Bool {
        value.isNull || value.objectValue?[LCWireKey.op]?.stringValue == LCOperationName.delete.rawValue
    }

    /// `local@domain.tld`, no spaces (docs/compatibility.md: the real rule is unpublished).
    static func isEmail(_ text: String) -> Bool {
        text.wholeMatch(of: #/[^@\s]+@[^@\s]+\.[^@\s.]+/#) != nil && text.utf8.count <= 254
    }

    /// A mainland number `1` + 10 digits, or `+` and 6–15 digits (E.164).
    static func isPhoneNumber(_ text: String) -> Bool {
        text.wholeMatch(of: #/1[0-9]{10}|\+[0-9]{6,15}/#) != nil
    }
}
