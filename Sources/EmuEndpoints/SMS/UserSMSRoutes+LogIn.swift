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
        let body = try app.database.write { db -> JSONObject? in
            var user = try UserPhoneLookup.requiredUser(withPhone: phone, in: db)
            guard try SMSCodes.consume(phone: phone, code: code, purposes: Purpose.logIn, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            try markVerified(&user, app: app, in: db)
            if hooked { return nil }
            let token = try UserResponse.token(for: user.objectId, app: app, in: db)
            return try UserResponse.withSession(user, token: token, app: app, in: db)
        }
        if let body { return APIResponse(json: .object(body)) }
        let user = try app.database.read { db in try UserPhoneLookup.requiredUser(withPhone: phone, in: db) }
        try UserHooks.onLogin(request, user: user)
        return APIResponse(json: .object(try app.database.write { db -> JSONObject in
            guard let current = try UserStore.fetch(user.objectId, in: db) else { throw APIError(.mobilePhoneNumberNotFound) }
            let token = try UserResponse.token(for: current.objectId, app: app, in: db)
            return try UserResponse.withSession(current, token: token, app: app, in: db)
        }))
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
        let existing = try app.database.write { db -> JSONObject? in
            guard try SMSCodes.consume(phone: phone, code: code, purposes: Purpose.logIn, now: now, in: db) != nil else {
                throw APIError(.invalidSMSCode)
            }
            guard var user = try UserPhoneLookup.user(withPhone: phone, in: db) else { return nil }
            try markVerified(&user, app: app, in: db)
            let token = try UserResponse.token(for: user.objectId, app: app, in: db)
            return try UserResponse.withSession(user, token: token, app: app, in: db)
        }
        if let existing { return APIResponse(json: .object(existing)) }
        // A sign-up like any other (class permissions apply); then the flag a client may not
        // write itself: the code proved the number.
        let (created, token) = try UserWrites.create(fields: signUp, app: app, access: request.access)
        let body = try app.database.write { db -> JSONObject in
            var record = created
            try markVerified(&record, app: app, in: db)
            return try UserResponse.withSession(record, token: token, app: app, in: db)
        }
        return APIResponse(status: 201, json: .object(body))
    }

    private static func markVerified(_ user: inout ObjectRecord, app: AppRuntime, in db: Database) throws {
        guard user.fields[LCFieldName.mobilePhoneVerified] != .bool(true) else { return }
        user.fields[LCFieldName.mobilePhoneVerified] = .bool(true)
        user.updatedAt = app.clock.now
        try ObjectStore.update(user, in: db)
    }
}
