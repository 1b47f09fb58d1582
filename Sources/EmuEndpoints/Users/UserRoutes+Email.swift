import EmuData
import EmuRouting
import LCWire

extension UserRoutes {
    /// `POST /1.1/requestPasswordReset {"email"}` → `{}`; the outbox receives an email with a
    /// reset link that works against LCEmu for one hour (spec §5.9, docs/users.md).
    static func requestPasswordReset(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        try sendLink(.resetPassword, request) { link in
            "Someone asked to reset the password of your account. Open this link within one hour to choose a new one: \(link)"
        }
    }

    /// `POST /1.1/requestEmailVerify {"email"}` → `{}`; the outbox receives an email whose link
    /// sets `emailVerified` to true, valid for one week (spec §5.9).
    static func requestEmailVerify(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        try sendLink(.verifyEmail, request) { link in
            "Please confirm your email address by opening this link within one week: \(link)"
        }
    }

    /// 204 without an email, 205 when no user has it; otherwise a link is issued and mailed.
    private static func sendLink(_ purpose: UserLinks.Purpose, _ request: RequestContext<AppRuntime>,
                                 text: (String) -> String) throws -> APIResponse {
        let app = request.app
        guard case .string(let email)? = try request.jsonObjectBody()[LCFieldName.email], !email.isEmpty else {
            throw APIError(.emailMissing)
        }
        let token = try app.database.write { db -> String in
            guard let user = try UserStore.user(where: LCFieldName.email, equals: email, in: db) else {
                throw APIError(.emailNotFound)
            }
            return try UserLinks.issue(purpose, userId: user.objectId, email: email, now: app.clock.nowMilliseconds, in: db)
        }
        let appId = QueryString.escape(app.configuration.appId)
        let link = "\(request.baseURL)/__auth/\(appId)/\(purpose.pathSegment)/\(token)"
        app.outbox.deliver(OutboxMessage(kind: .email, to: email, text: text(link), link: link, purpose: purpose.rawValue))
        return APIResponse(json: .object(JSONObject()))
    }
}
