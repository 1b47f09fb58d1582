import EmuCrypto
import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire
import Primitives

/// The cookie-session API `/api/…` (login-flows.md §2, docs/web-login.md): form bodies, the
/// `{"code":0,"data":…}` envelope, `sid` and `XSRF-TOKEN` cookies, captcha after failures.
package enum WebLoginRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/api/captcha/login", route { try captchaLogin($0) })
        router.add("GET", "/api/getCaptcha", route { try getCaptcha($0) })
        router.add("POST", "/api/login", route { try login($0) })
        router.add("POST", "/api/check_two_factor_auth_code", route { try checkTwoFactorCode($0) })
        router.add("GET", "/api/current_user", route { try currentUser($0) })
        router.add("POST", "/api/logout", route { try logout($0) })
    }

    /// Keyless, on the workers (every handler may write, GETs too: a session or a captcha is
    /// started); refusals become the API's own envelope.
    private static func route(_ handler: @escaping @Sendable (WebRequest) throws -> WebReply) -> APIRoute {
        APIRoute(access: .keyless, work: .writes) { request in
            let web = try WebRequest(request)
            do {
                return try handler(web).response
            } catch let failure as WebLoginFailure {
                return WebReply(failure: failure).response
            }
        }
    }

    /// Step 1: does the next log-in need a captcha? Starts a session when the client has none.
    static func captchaLogin(_ web: WebRequest) throws -> WebReply {
        try web.app.database.write { db in
            let (session, isNew) = try ensureSession(web, in: db)
            var reply = WebReply(WebEnvelope.success(.bool(try LoginAttempt.captchaNeeded(session, web: web, in: db))))
            if isNew { reply.setCookies(of: session) }
            return reply
        }
    }

    /// Step 2: a captcha picture; its answer replaces the session's previous one.
    static func getCaptcha(_ web: WebRequest) throws -> WebReply {
        let answer = WebCaptcha.newAnswer(for: web.app)
        let (session, isNew) = try web.app.database.write { db in
            var (session, isNew) = try ensureSession(web, in: db)
            session.captcha = answer
            try WebSessionStore.save(session, in: db)
            return (session, isNew)
        }
        web.app.outbox.deliver(WebLoginOutbox.captcha(answer, sid: session.sid))
        var reply = WebReply(png: WebCaptcha.png(answer: answer, seed: WebSessionStore.newToken()))
        if isNew { reply.setCookies(of: session) }
        return reply
    }

    /// The session of the `sid` cookie, or a new one (then its cookies must be set).
    static func ensureSession(_ web: WebRequest, in db: Database) throws -> (WebSession, isNew: Bool) {
        if let session = try web.session(in: db) { return (session, false) }
        return (try WebSessionStore.create(now: web.now, in: db), true)
    }

    /// Step 5: the logged-in user of the `sid` session, or 1000 `user_not_login`.
    static func currentUser(_ web: WebRequest) throws -> WebReply {
        try web.app.database.read { db in
            guard let userId = try web.session(in: db)?.userId,
                  let user = try UserStore.fetch(userId, in: db) else { throw WebLoginFailure.notLoggedIn }
            return WebReply(WebEnvelope.success(try UserLookup.rendered(user, in: db)))
        }
    }

    /// Step 6: ends the server-side session and expires the `sid` cookie. Without a session it
    /// still answers success: there is nothing left to end.
    static func logout(_ web: WebRequest) throws -> WebReply {
        try web.app.database.write { db in
            let session = try web.session(in: db)
            try web.checkCSRF(session)
            if let session { try WebSessionStore.delete(sid: session.sid, in: db) }
            var reply = WebReply(WebEnvelope.success(.bool(true)))
            reply.setCookie(SetCookie(name: WebRequest.sessionCookie, value: "", maxAge: 0, httpOnly: true))
            return reply
        }
    }
}

// MARK: - The captcha of the cookie flow

/// The captcha of the cookie flow (login-flows.md §2 step 2): its answer and its picture, drawn
/// by the same renderer as `/1.1/captchaImage` (Captcha/CaptchaRenderer.swift).
enum WebCaptcha {
    static let length = 4
    static let width = 85
    static let height = 30

    /// A fresh answer: the app's `captchaFixedCode` when set, else four characters of the font.
    static func newAnswer(for app: AppRuntime) -> String {
        app.configuration.options.messages.captchaFixedCode
            ?? SecureRandom.string(length: length, alphabet: CaptchaFont.alphabet)
    }

    /// True when `given` is the answer, ignoring case and surrounding spaces.
    static func matches(_ given: String, answer: String) -> Bool {
        ConstantTime.equals(given.trimmingWhitespace().uppercased(), answer.uppercased())
    }

    /// The picture of `answer` as PNG bytes; `seed` varies the noise between pictures.
    static func png(answer: String, seed: String) -> [UInt8] {
        PNGEncoder.encode(CaptchaRenderer.render(code: answer, width: width, height: height, seed: seed))
    }
}

// MARK: - What the cookie flow sends

/// What the cookie flow "sends", for tests to read in `/__admin/outbox` (docs/web-login.md):
/// captcha answers (to the session's `sid`, purpose `webLogin`) and two-factor codes (to the
/// user's phone, else email, else user name; purpose `twoFactor`).
enum WebLoginOutbox {
    static func captcha(_ answer: String, sid: String) -> OutboxMessage {
        OutboxMessage(kind: .captcha, to: sid, text: "Captcha answer: \(answer)", code: answer, purpose: "webLogin")
    }

    static func twoFactorCode(_ code: String, user: ObjectRecord) -> OutboxMessage {
        let text = "Your log-in verification code is \(code)."
        if let phone = user.fields[LCFieldName.mobilePhoneNumber]?.stringValue, !phone.isEmpty {
            return OutboxMessage(kind: .sms, to: phone, text: text, code: code, purpose: "twoFactor")
        }
        let email = user.fields[LCFieldName.email]?.stringValue ?? ""
        let to = email.isEmpty ? (user.fields[LCFieldName.username]?.stringValue ?? user.objectId) : email
        return OutboxMessage(kind: email.isEmpty ? .sms : .email, to: to, text: text, code: code, purpose: "twoFactor")
    }
}
