import EmuData
import EmuRouting
import LCWire

extension UserRoutes {
    /// `POST /1.1/login` and the legacy `GET /1.1/login?username=&password=` (spec §5.4,
    /// login-flows §1): 200 with the user minus `password`, plus its stable `sessionToken`.
    static func logIn(_ request: RequestContext<AppRuntime>, fields: JSONObject) throws -> APIResponse {
        // spec §5.4: `mobilePhoneNumber` + `smsCode` instead of a password.
        if let smsCode = fields["smsCode"], !smsCode.isNull { return try UserSMSRoutes.logIn(request, fields: fields) }
        let app = request.app
        let (field, value, notFound) = try identifier(fields)
        guard case .string(let password)? = fields[LCFieldName.password], !password.isEmpty else {
            throw APIError(.passwordMissing)
        }
        let now = app.clock.nowMilliseconds
        let user = try app.database.read { db -> ObjectRecord in
            guard let user = try UserStore.user(where: field, equals: value, in: db) else { throw APIError(notFound) }
            if try LoginThrottle.isLocked(userId: user.objectId, now: now, in: db) { throw APIError(.loginLocked) }
            return user
        }
        // Hashing runs outside the writer; the hasher compares in constant time.
        let verdict = PasswordVerdict(user: user, plain: password)
        // onLogin may refuse a log-in whose password is right (docs/cloud-code.md).
        if verdict.matches { try UserHooks.onLogin(request, user: user) }
        // The write re-reads the user: deleted meanwhile → not found; its password changed
        // meanwhile → the verdict is stale, a wrong password not counted.
        let outcome = try app.database.write { db -> Result<JSONObject, APIError> in
            guard let current = try UserStore.fetch(user.objectId, in: db) else { return .failure(APIError(notFound)) }
            guard verdict.holds(for: current) else { return .failure(APIError(.usernamePasswordMismatch)) }
            switch try LoginThrottle.settle(userId: user.objectId, matches: verdict.matches, now: now, in: db) {
            case .locked: return .failure(APIError(.loginLocked))
            case .wrongPassword: return .failure(APIError(.usernamePasswordMismatch))
            case .loggedIn:
                try verdict.storeMissingWebPassword(on: current, in: db)
                let token = try UserResponse.token(for: user.objectId, app: app, in: db)
                return .success(try UserResponse.withSession(current, token: token, app: app, in: db))
            }
        }
        // Thrown after the commit, so that a counted failure stays counted.
        return APIResponse(json: .object(try outcome.get()))
    }

    /// Which field identifies the user: `username` wins over `email` (Python SDK, §5.4), then
    /// `mobilePhoneNumber`; each has its own "not found" code (211, 205, 213). None → 200.
    private static func identifier(_ fields: JSONObject) throws -> (String, String, LCErrorCode) {
        let candidates: [(String, LCErrorCode)] = [
            (LCFieldName.username, .userNotFound),
            (LCFieldName.email, .emailNotFound),
            (LCFieldName.mobilePhoneNumber, .mobilePhoneNumberNotFound),
        ]
        for (field, notFound) in candidates {
            if case .string(let value)? = fields[field], !value.isEmpty { return (field, value, notFound) }
        }
        throw APIError(.usernameMissing)
    }

    /// The query parameters of the legacy GET form, as a body.
    static func legacyLogInFields(_ request: RequestContext<AppRuntime>) -> JSONObject {
        var fields = JSONObject()
        for name in [LCFieldName.username, LCFieldName.email, LCFieldName.mobilePhoneNumber, LCFieldName.password] {
            if let value = request.query(name) { fields[name] = .string(value) }
        }
        return fields
    }
}
