import EmuData
import EmuHTTP
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

// MARK: - The pages behind the links

/// The pages behind the links of the email flows (spec §5.9), so a test or a person can follow
/// a reset or verification email against LCEmu: `GET /__auth/<appId>/reset/<token>` shows a
/// form, `POST` (form-encoded `password`) sets the new password; `GET /__auth/<appId>/verify/<token>`
/// marks the email verified. Links are single-use and expire (docs/users.md).
enum UserLinkPages {
    static func register(in router: inout Router<APIRoute>) {
        let access = RouteAccess.appInPath(parameter: "appId")
        router.add("GET", "/__auth/:appId/reset/:token", APIRoute(appAccess: access) { try resetForm($0) })
        router.add("POST", "/__auth/:appId/reset/:token", APIRoute(appAccess: access) { try reset($0) })
        router.add("GET", "/__auth/:appId/verify/:token", APIRoute(appAccess: access, work: .writes) { try verify($0) })
    }

    static func resetForm(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let user = try app.database.read { db in
            try UserLinks.user(for: request.parameter("token"), .resetPassword, now: app.clock.nowMilliseconds, in: db)
        }
        guard user != nil else { return invalidLink }
        return form(status: 200, message: nil)
    }

    /// Sets the password, ends the user's session (spec §5.2: a reset changes the token) and
    /// uses the link up.
    static func reset(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let token = request.parameter("token")
        let password = WebRequest.formFields(request.http.body)[LCFieldName.password] ?? ""
        guard !password.allSatisfy(\.isWhitespace) else {
            return form(status: 400, message: "The password must not be blank.")
        }
        let hashes = UserPassword.NewPassword(plain: password)  // slow: outside the writer
        let done = try app.database.write { db -> Bool in
            let now = app.clock.nowMilliseconds
            guard var user = try UserLinks.user(for: token, .resetPassword, now: now, in: db) else { return false }
            hashes.set(into: &user.fields)
            user.updatedAt = app.clock.now
            try ObjectStore.update(user, in: db)
            try SessionStore.revoke(userId: user.objectId, in: db)
            try LoginThrottle.clear(userId: user.objectId, in: db)
            try UserLinks.consume(token, in: db)
            return true
        }
        return done ? page(status: 200, title: "Password changed", body: "<p>Your password has been changed.</p>")
            : invalidLink
    }

    static func verify(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let token = request.parameter("token")
        let verified = try app.database.write { db -> (userId: String, became: Bool)? in
            guard var user = try UserLinks.user(for: token, .verifyEmail, now: app.clock.nowMilliseconds, in: db) else {
                return nil
            }
            let became = user.fields[LCFieldName.emailVerified] != .bool(true)
            user.fields[LCFieldName.emailVerified] = true
            user.updatedAt = app.clock.now
            try ObjectStore.update(user, in: db)
            try UserLinks.consume(token, in: db)
            return (user.objectId, became)
        }
        // An address verified already (a second link) shows the same page, without onVerified.
        if let verified, verified.became { UserHooks.onVerified("email", userId: verified.userId, request: request) }
        return verified != nil ? page(status: 200, title: "Email verified", body: "<p>Your email address is verified.</p>")
            : invalidLink
    }

    static var invalidLink: APIResponse {
        page(status: 404, title: "Invalid link", body: "<p>This link is invalid, has expired or was already used.</p>")
    }

    /// The reset form; it posts to its own URL.
    static func form(status: Int, message: String?) -> APIResponse {
        page(status: status, title: "Reset your password", body: """
            \(message.map { "<p role=\"alert\">\($0)</p>" } ?? "")
            <form method="post">
            <label>New password <input type="password" name="password" required autocomplete="new-password"></label>
            <button type="submit">Change password</button>
            </form>
            """)
    }

    /// A small page; every interpolated text is a constant of this file.
    static func page(status: Int, title: String, body: String) -> APIResponse {
        let html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(title)</title></head>
            <body><h1>\(title)</h1>
            \(body)
            </body></html>

            """
        return APIResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(html.utf8))
    }
}
