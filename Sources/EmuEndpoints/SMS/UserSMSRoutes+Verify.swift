import EmuData
import EmuRouting
import LCWire

extension UserSMSRoutes {
    /// `verifyMobilePhone/<code> {"mobilePhoneNumber"}` → `{"updatedAt","objectId"}` and
    /// `mobilePhoneVerified: true`. The code is checked first, as LeanCloud does: a wrong code
    /// answers 603 whether or not the number is registered, so it reveals nothing about it; a
    /// good code for a number no user holds any more answers 213 (and is not spent).
    static func verifyPhone(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let phone = try PhoneNumber.required(try request.jsonObjectBody())
        let code = request.parameter("code")
        let now = app.clock.nowMilliseconds
        let user = try app.database.write { db -> ObjectRecord in
            guard try SMSCodes.consume(phone: phone, code: code, purpose: Purpose.verifyPhone, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            var user = try UserPhoneLookup.requiredUser(withPhone: phone, in: db)
            user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
            user.updatedAt = app.clock.now
            try ObjectStore.update(user, in: db)
            return user
        }
        return APIResponse(json: [LCFieldName.updatedAt: .string(user.updatedAt.iso), LCFieldName.objectId: .string(user.objectId)])
    }

    /// `PUT resetPasswordBySmsCode/<code> {"password","mobilePhoneNumber"}` → `{}`. The user's
    /// sessions end (spec §5.2) and the number counts as verified: the code reached it. The code
    /// is checked before the number is looked up (603 before 213), as in `verifyPhone`.
    static func resetPassword(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let body = try request.jsonObjectBody()
        guard let password = body[LCFieldName.password], password != .string(""), !password.isNull else {
            throw APIError(.passwordMissing)
        }
        guard UserValidation.isNonBlank(password), let text = password.stringValue else { throw APIError(.invalidPassword) }
        let phone = try PhoneNumber.required(body)
        let code = request.parameter("code")
        // Hashing is slow on purpose: outside the writer.
        let hashes = UserPassword.NewPassword(plain: text)
        let now = app.clock.nowMilliseconds
        try app.database.write { db in
            guard try SMSCodes.consume(phone: phone, code: code, purpose: Purpose.resetPassword, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            var user = try UserPhoneLookup.requiredUser(withPhone: phone, in: db)
            hashes.set(into: &user.fields)
            user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
            user.updatedAt = app.clock.now
            try ObjectStore.update(user, in: db)
            try SessionStore.revoke(userId: user.objectId, in: db)
            try LoginThrottle.clear(userId: user.objectId, in: db)
        }
        return empty
    }

    /// `changePhoneNumber {"mobilePhoneNumber","code"}` → `{}`; the number becomes the user's,
    /// verified. No session is needed: the code, issued by `requestChangePhoneNumber` under the
    /// user's session, says whose number changes (LeanCloud's reference example sends none, and
    /// the Python SDK's `change_phone_number` is a class method). With a session, only that
    /// user's code matches. A bad code, or another user's → 603.
    static func changePhone(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let sessionUserId = try request.caller().userId
        let body = try request.jsonObjectBody()
        let phone = try PhoneNumber.required(body)
        let code = body["code"]?.stringValue ?? ""
        let now = app.clock.nowMilliseconds
        try app.database.write { db in
            guard let record = try SMSCodes.consume(phone: phone, code: code, purposes: [Purpose.changePhone],
                                                    userId: sessionUserId, now: now, in: db),
                  let userId = record.userId else { throw APIError(.invalidSMSCode) }
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
