import LCWire

extension UserSMSHandlers {
    /// `verifyMobilePhone/<code> {"mobilePhoneNumber"}` → `{"updatedAt","objectId"}` and
    /// `mobilePhoneVerified: true`; 213 unknown number, 603 bad code.
    static func verifyPhone(_ request: APIRequest) throws -> APIResponse {
        let app = try request.requiredApp
        let phone = try PhoneNumber.required(try request.jsonObjectBody())
        let code = request.parameter("code")
        let now = app.clock.nowMilliseconds
        let user = try app.database.write { db -> ObjectRecord in
            var user = try UserPhoneLookup.requiredUser(withPhone: phone, in: db)
            guard try SMSCodes.consume(phone: phone, code: code, purpose: Purpose.verifyPhone, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
            user.updatedAt = app.clock.now
            try ObjectStore.update(user, in: db)
            return user
        }
        return APIResponse(json: [LCFieldName.updatedAt: .string(user.updatedAt.iso), LCFieldName.objectId: .string(user.objectId)])
    }

    /// `PUT resetPasswordBySmsCode/<code> {"password","mobilePhoneNumber"}` → `{}`. The user's
    /// sessions end (spec §5.2) and the number counts as verified: the code reached it.
    static func resetPassword(_ request: APIRequest) throws -> APIResponse {
        let app = try request.requiredApp
        let body = try request.jsonObjectBody()
        guard let password = body[LCFieldName.password], password != .string(""), !password.isNull else {
            throw APIError(.passwordMissing)
        }
        guard UserValidation.isNonBlank(password), let text = password.stringValue else { throw APIError(.invalidPassword) }
        let phone = try PhoneNumber.required(body)
        let code = request.parameter("code")
        // Hashing is slow on purpose: outside the writer.
        let hashes = WebPassword.NewPassword(plain: text)
        let now = app.clock.nowMilliseconds
        try app.database.write { db in
            var user = try UserPhoneLookup.requiredUser(withPhone: phone, in: db)
            guard try SMSCodes.consume(phone: phone, code: code, purpose: Purpose.resetPassword, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            hashes.set(into: &user.fields)
            user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
            user.updatedAt = app.clock.now
            try ObjectStore.update(user, in: db)
            try SessionStore.revoke(userId: user.objectId, in: db)
            try LoginThrottle.clear(userId: user.objectId, in: db)
        }
        return empty
    }

    /// `changePhoneNumber {"mobilePhoneNumber","code"}` with the session that asked for the code
    /// → `{}`; the number becomes the user's, verified. Another user's code or a bad one → 603.
    static func changePhone(_ request: APIRequest) throws -> APIResponse {
        let app = try request.requiredApp
        let userId = try sessionUser(request)
        let body = try request.jsonObjectBody()
        let phone = try PhoneNumber.required(body)
        let code = body["code"]?.stringValue ?? ""
        let now = app.clock.nowMilliseconds
        try app.database.write { db in
            guard try SMSCodes.consume(phone: phone, code: code, purposes: [Purpose.changePhone], userId: userId,
                                       now: now, in: db) != nil else { throw APIError(.invalidSMSCode) }
            guard var user = try UserStore.fetch(userId, in: db) else { throw APIError(.userNotFound) }
            user.fields[LCFieldName.mobilePhoneNumber] = .string(body[LCFieldName.mobilePhoneNumber]?.stringValue ?? phone.e164)
            user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
            user.updatedAt = app.clock.now
            try UserStore.checkUnique(user, in: db)
            try ObjectStore.update(user, in: db)
        }
        return empty
    }
}
