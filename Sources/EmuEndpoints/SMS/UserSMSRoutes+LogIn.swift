import EmuData
import EmuRouting
import EmuSQLite
import LCWire

extension UserSMSRoutes {
    /// `POST /1.1/login {"mobilePhoneNumber","smsCode"}` (spec §5.4): the log-in answer; the
    /// number counts as verified. 213 unknown number, 603 bad code.
    static func logIn(_ request: RequestContext<AppRuntime>, fields: JSONObject) throws -> APIResponse {
        let app = request.app
        let phone = try PhoneNumber.required(fields)
        let code = fields["smsCode"]?.stringValue ?? ""
        let now = app.clock.nowMilliseconds
        // With an onLogin hook the code is spent first, the hook asked outside the transaction,
        // and the session issued in a second one (docs/cloud-code.md).
        let hooked = try UserHooks.definesOnLogin(app)
        let (body, verified) = try app.database.write { db -> (JSONObject?, String?) in
            var user = try UserPhoneLookup.requiredUser(withPhone: phone, in: db)
            guard try SMSCodes.consume(phone: phone, code: code, purposes: Purpose.logIn, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            let verified = try markVerified(&user, app: app, in: db) ? user.objectId : nil
            if hooked { return (nil, verified) }
            let token = try UserResponse.token(for: user.objectId, app: app, in: db)
            return (try UserResponse.withSession(user, token: token, app: app, in: db), verified)
        }
        if let verified { UserHooks.onVerified("sms", userId: verified, request: request) }
        if let body { return APIResponse(json: .object(body)) }
        let user = try app.database.read { db in try UserPhoneLookup.requiredUser(withPhone: phone, in: db) }
        return APIResponse(json: .object(try hookedLogIn(request, user: user)))
    }

    /// `onLogin` asked outside every transaction, then the session issued in a second one.
    private static func hookedLogIn(_ request: RequestContext<AppRuntime>, user: ObjectRecord) throws -> JSONObject {
        let app = request.app
        try UserHooks.onLogin(request, user: user)
        return try app.database.write { db -> JSONObject in
            guard let current = try UserStore.fetch(user.objectId, in: db) else { throw APIError(.mobilePhoneNumberNotFound) }
            let token = try UserResponse.token(for: current.objectId, app: app, in: db)
            return try UserResponse.withSession(current, token: token, app: app, in: db)
        }
    }

    /// `usersByMobilePhone {"mobilePhoneNumber","smsCode"[, "password", "username"]}`: logs in
    /// (200) or signs up (201) with a verified number; the username defaults to the number.
    static func signUpOrLogIn(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let fields = try request.jsonObjectBody()
        let phone = try PhoneNumber.required(fields)
        let code = fields["smsCode"]?.stringValue ?? ""
        let number = fields[LCFieldName.mobilePhoneNumber]?.stringValue ?? phone.e164
        var signUp: JSONObject = [
            LCFieldName.username: fields[LCFieldName.username] ?? .string(number),
            LCFieldName.mobilePhoneNumber: .string(number),
            LCFieldName.mobilePhoneVerified: true,
        ]
        if let password = fields[LCFieldName.password], !password.isNull { signUp[LCFieldName.password] = password }
        try UserValidation.checkUpdate(signUp)
        let now = app.clock.nowMilliseconds
        // With an onLogin hook a log-in spends the code first and asks the hook outside the
        // transaction, as `logIn` does.
        let hooked = try UserHooks.definesOnLogin(app)
        let existing = try app.database.write { db -> (user: ObjectRecord, body: JSONObject?, verified: Bool)? in
            guard try SMSCodes.consume(phone: phone, code: code, purposes: Purpose.logIn, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            guard var user = try UserPhoneLookup.user(withPhone: phone, in: db) else { return nil }
            let verified = try markVerified(&user, app: app, in: db)
            if hooked { return (user, nil, verified) }
            let token = try UserResponse.token(for: user.objectId, app: app, in: db)
            return (user, try UserResponse.withSession(user, token: token, app: app, in: db), verified)
        }
        if let existing {
            if existing.verified { UserHooks.onVerified("sms", userId: existing.user.objectId, request: request) }
            return APIResponse(json: .object(try existing.body ?? hookedLogIn(request, user: existing.user)))
        }
        // A sign-up like any other (class permissions, `_User`'s beforeSave and afterSave
        // apply); then the flag a client may not write itself: the code proved the number.
        let hooks = try ObjectHooks.of(request, className: LCClassName.user, body: fields)
        let (created, token) = try UserWrites.create(fields: try beforeSave(hooks, signUp), app: app, access: request.access)
        let (body, verified) = try app.database.write { db -> (JSONObject, Bool) in
            var record = created
            let verified = try markVerified(&record, app: app, in: db)
            return (try UserResponse.withSession(record, token: token, app: app, in: db), verified)
        }
        AfterHooks.afterWrite(hooks, .afterSave, objectId: created.objectId, app: app)
        if verified { UserHooks.onVerified("sms", userId: created.objectId, request: request) }
        return APIResponse(status: 201, json: .object(body))
    }

    /// `_User`'s beforeSave of a `usersByMobilePhone` sign-up, outside every transaction (the
    /// code is spent by then, as for `onLogin`): its answer is the user created, less what it may
    /// not change — the number the code proved, and a user name (the number when it dropped it).
    /// A refusal is 142 and creates no one.
    private static func beforeSave(_ hooks: ObjectHooks?, _ signUp: JSONObject) throws -> JSONObject {
        guard let hooks, hooks.runs(.beforeSave) else { return signUp }
        var fields = try hooks.beforeSave(signUp)
        fields[LCFieldName.mobilePhoneNumber] = signUp[LCFieldName.mobilePhoneNumber]
        if fields[LCFieldName.username] == nil { fields[LCFieldName.username] = signUp[LCFieldName.username] }
        try UserValidation.checkUpdate(fields)
        return fields
    }

    /// Marks the user's number verified; whether it became verified (`onVerified/sms` runs only
    /// then, as LeanCloud calls it).
    @discardableResult
    private static func markVerified(_ user: inout ObjectRecord, app: AppRuntime, in db: Database) throws -> Bool {
        guard user.fields[LCFieldName.mobilePhoneVerified] != .bool(true) else { return false }
        user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
        user.updatedAt = app.clock.now
        try ObjectStore.update(user, in: db)
        return true
    }
}
