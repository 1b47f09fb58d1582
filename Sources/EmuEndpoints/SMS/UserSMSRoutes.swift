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
