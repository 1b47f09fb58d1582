import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// The SMS user flows (spec §5.10, docs/captcha-sms.md): each `request…` sends a code for one
/// purpose through `SMSSender` (captcha gate, rate limits, outbox), and its partner spends it.
package enum UserSMSRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        func post(_ path: String, _ handler: @escaping @Sendable (RequestContext<AppRuntime>) throws -> APIResponse) {
            router.add("POST", path, APIRoute(appAccess: .app) { try handler($0) })
        }
        post("/1.1/requestLoginSmsCode") { try requestLogin($0) }
        post("/1.1/usersByMobilePhone") { try signUpOrLogIn($0) }
        post("/1.1/requestMobilePhoneVerify") { try requestPhoneVerify($0) }
        post("/1.1/verifyMobilePhone/:code") { try verifyPhone($0) }
        post("/1.1/requestPasswordResetBySmsCode") { try requestPasswordReset($0) }
        router.add("PUT", "/1.1/resetPasswordBySmsCode/:code",
                   APIRoute(appAccess: .app) { try resetPassword($0) })
        post("/1.1/requestChangePhoneNumber") { try requestPhoneChange($0) }
        post("/1.1/changePhoneNumber") { try changePhone($0) }
    }

    /// Purposes of the codes, as the outbox shows them.
    enum Purpose {
        static let login = "login"
        static let verifyPhone = "verifyPhone"
        static let resetPassword = "resetPassword"
        static let changePhone = "changePhone"
        /// Codes that log in: the login code, and a generic one (LeanCloud's guides pair
        /// `requestSmsCode` with `usersByMobilePhone`).
        static let logIn = [login, "verify"]
    }

    /// `requestLoginSmsCode {"mobilePhoneNumber"[, "validate_token"]}` → `{}`; 213 for an unknown
    /// number, 215 when the app wants verified numbers and this one is not.
    static func requestLogin(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let (app, body, phone, user) = try phoneUser(request)
        if app.configuration.options.messages.requiresVerifiedPhoneForSmsLogin,
           user.fields[LCFieldName.mobilePhoneVerified] != .bool(true) {
            throw APIError(.mobilePhoneNumberNotVerified)
        }
        try SMSSender(request).send(SMSCodes.Request(phone: phone, purpose: Purpose.login, userId: user.objectId), body: body)
        return empty
    }

    /// `requestMobilePhoneVerify` → `{}`; sends nothing when the number is already verified.
    static func requestPhoneVerify(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let (_, body, phone, user) = try phoneUser(request)
        if user.fields[LCFieldName.mobilePhoneVerified] == .bool(true) { return empty }
        try SMSSender(request).send(SMSCodes.Request(phone: phone, purpose: Purpose.verifyPhone, userId: user.objectId), body: body)
        return empty
    }

    /// `requestPasswordResetBySmsCode` → `{}`; 213 for an unknown number.
    static func requestPasswordReset(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let (_, body, phone, user) = try phoneUser(request)
        try SMSSender(request).send(SMSCodes.Request(phone: phone, purpose: Purpose.resetPassword, userId: user.objectId), body: body)
        return empty
    }

    /// `requestChangePhoneNumber {"mobilePhoneNumber"[, "ttl", "validate_token"]}` with a session
    /// → `{}`: the code goes to the NEW number. No session → 206; number taken → 214.
    static func requestPhoneChange(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let userId = try sessionUser(request)
        let body = try request.jsonObjectBody()
        let phone = try PhoneNumber.required(body)
        try app.database.read { db in
            if let holder = try UserPhoneLookup.user(withPhone: phone, in: db), holder.objectId != userId {
                throw APIError(.mobilePhoneNumberTaken)
            }
        }
        // spec §5.1: this code lives six minutes unless `ttl` says otherwise.
        var code = SMSCodes.Request(phone: phone, purpose: Purpose.changePhone, lifetime: 6 * 60_000, userId: userId)
        if let lifetime = try SMSRoutes.lifetime(body) { code.lifetime = lifetime }
        try SMSSender(request).send(code, body: body)
        return empty
    }

    /// The body of a code request, its number and the user holding it (none → 213).
    private static func phoneUser(_ request: RequestContext<AppRuntime>) throws -> (AppRuntime, JSONObject, PhoneNumber, ObjectRecord) {
        let app = request.app
        let body = try request.jsonObjectBody()
        let phone = try PhoneNumber.required(body)
        let user = try app.database.read { db in try UserPhoneLookup.requiredUser(withPhone: phone, in: db) }
        return (app, body, phone, user)
    }

    /// The user of the request's session; none → 206.
    static func sessionUser(_ request: RequestContext<AppRuntime>) throws -> String {
        guard let userId = try request.caller().userId else { throw APIError(.sessionMissing) }
        return userId
    }

    static var empty: APIResponse { APIResponse(json: .object(JSONObject())) }
}

// MARK: - Spending the codes: verify, reset, change

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
        let (user, becameVerified) = try app.database.write { db -> (ObjectRecord, Bool) in
            guard try SMSCodes.consume(phone: phone, code: code, purpose: Purpose.verifyPhone, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            var user = try UserPhoneLookup.requiredUser(withPhone: phone, in: db)
            let becameVerified = user.fields[LCFieldName.mobilePhoneVerified] != .bool(true)
            user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
            user.updatedAt = app.clock.now
            try ObjectStore.update(user, in: db)
            return (user, becameVerified)
        }
        // A number verified already answers the same, without onVerified (docs/cloud-code.md).
        if becameVerified { UserHooks.onVerified("sms", userId: user.objectId, request: request) }
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
        let verified = try app.database.write { db -> String? in
            guard try SMSCodes.consume(phone: phone, code: code, purpose: Purpose.resetPassword, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            var user = try UserPhoneLookup.requiredUser(withPhone: phone, in: db)
            let becomesVerified = user.fields[LCFieldName.mobilePhoneVerified] != .bool(true)
            hashes.set(into: &user.fields)
            user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
            user.updatedAt = app.clock.now
            try ObjectStore.update(user, in: db)
            try SessionStore.revoke(userId: user.objectId, in: db)
            try LoginThrottle.clear(userId: user.objectId, in: db)
            return becomesVerified ? user.objectId : nil
        }
        // onVerified/sms only when the number became verified (docs/cloud-code.md).
        if let verified { UserHooks.onVerified("sms", userId: verified, request: request) }
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
        let verified = try app.database.write { db -> String? in
            guard let record = try SMSCodes.consume(phone: phone, code: code, purposes: [Purpose.changePhone],
                                                    userId: sessionUserId, now: now, in: db),
                  let userId = record.userId else { throw APIError(.invalidSMSCode) }
            guard var user = try UserStore.fetch(userId, in: db) else { throw APIError(.userNotFound) }
            let before = (user.fields[LCFieldName.mobilePhoneNumber], user.fields[LCFieldName.mobilePhoneVerified])
            user.fields[LCFieldName.mobilePhoneNumber] = .string(body[LCFieldName.mobilePhoneNumber]?.stringValue ?? phone.e164)
            user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
            user.updatedAt = app.clock.now
            try UserStore.checkUnique(user, in: db)
            try ObjectStore.update(user, in: db)
            // A new number is a newly verified one; the same, already verified number is not.
            let unchanged = before.0 == user.fields[LCFieldName.mobilePhoneNumber] && before.1 == .bool(true)
            return unchanged ? nil : userId
        }
        if let verified { UserHooks.onVerified("sms", userId: verified, request: request) }
        return empty
    }
}
