import EmuCrypto
import EmuData
import EmuRouting
import EmuSQLite
import LCWire
import Primitives

extension WebLoginRoutes {
    /// Step 3: `email`, `password` (SHA-1 hex), `remember_me`, `j_captcha` → the user, and the
    /// `sid` session is logged in. Without a session from step 1 and with the pitfall on, the
    /// answer is the same but its `sid` is unknown to every later call (docs/web-login.md).
    static func login(_ web: WebRequest) throws -> WebReply {
        // Read the account the attempt reaches and verify its password outside any transaction
        // (PBKDF2 is slow: the writer must not wait on it); the write re-runs every check.
        let verdict = try web.app.database.read { db in try LoginAttempt.accountToVerify(web, in: db) }.map {
            PasswordVerdict(user: $0, matches: UserPassword.verifyWeb(sha1Hex: web.field("password"), fields: $0.fields))
        }
        var message: OutboxMessage?
        let reply = try web.app.database.write { db in
            var session = try web.session(in: db)
            try web.checkCSRF(session)
            let fresh = session == nil && !web.options.isPitfallOn
            if fresh { session = try WebSessionStore.create(now: web.now, in: db) }
            var attempt = LoginAttempt(web: web, session: session)
            let result = try attempt.run(verdict: verdict, in: db)
            session = attempt.session
            let remember = web.field("remember_me").lowercased() == "true"
            var reply: WebReply
            var succeeded = false
            switch result {
            case .failure(let failure):
                reply = WebReply(failure: failure)
            case .success(let user):
                succeeded = true
                reply = try loggedIn(user, remember: remember, session: &session, message: &message, web: web, in: db)
            }
            if let session {
                try WebSessionStore.save(session, in: db)
                if fresh || succeeded { reply.setCookie(.sid(session.sid, remember: remember && session.userId != nil)) }
                if fresh { reply.setCookie(SetCookie(name: WebRequest.csrfCookie, value: session.xsrf)) }
            } else if succeeded {
                // The pitfall: a cookie like any other, for a session that was never stored.
                reply.setCookie(.sid(WebSessionStore.newToken(), remember: remember))
            }
            return reply
        }
        // Sent once the session that expects the code is committed.
        if let message { web.app.outbox.deliver(message) }
        return reply
    }

    /// A right password: the two-factor question, or the session logged in.
    private static func loggedIn(_ user: ObjectRecord, remember: Bool, session: inout WebSession?,
                                 message: inout OutboxMessage?, web: WebRequest, in db: Database) throws -> WebReply {
        if web.options.requiresTwoFactor {
            let code = web.options.twoFactorCode ?? SecureRandom.string(length: 6, alphabet: "0123456789")
            session?.pendingUserId = user.objectId
            session?.pendingCode = code
            session?.pendingRemember = remember
            message = WebLoginOutbox.twoFactorCode(code, user: user)
            return WebReply(failure: .twoFactorNeeded(user: displayName(user)))
        }
        if var current = session {
            logIn(user.objectId, remember: remember, now: web.now, into: &current)
            session = current
        }
        return WebReply(WebEnvelope.success(try UserLookup.rendered(user, in: db)))
    }

    /// Step 4: form `code`, the six digits of the two-factor step → the user.
    static func checkTwoFactorCode(_ web: WebRequest) throws -> WebReply {
        try web.app.database.write { db in
            let found = try web.session(in: db)
            try web.checkCSRF(found)
            guard var session = found, let userId = session.pendingUserId, let expected = session.pendingCode,
                  let user = try UserStore.fetch(userId, in: db) else { throw WebLoginFailure.notLoggedIn }
            let code = web.field("code")
            guard !code.isEmpty else { throw WebLoginFailure.twoFactorNeeded(user: displayName(user)) }
            guard ConstantTime.equals(code, expected) else { throw WebLoginFailure.twoFactorWrong }
            let remember = session.pendingRemember
            logIn(userId, remember: remember, now: web.now, into: &session)
            try WebSessionStore.save(session, in: db)
            var reply = WebReply(WebEnvelope.success(try UserLookup.rendered(user, in: db)))
            reply.setCookie(.sid(session.sid, remember: remember))
            return reply
        }
    }

    /// The session now belongs to the user; `remember_me` makes it last as long as its cookie.
    private static func logIn(_ userId: String, remember: Bool, now: Int64, into session: inout WebSession) {
        session.userId = userId
        session.pendingUserId = nil
        session.pendingCode = nil
        session.pendingRemember = false
        session.captcha = nil
        if remember { session.expiresAt = now + Int64(WebSession.rememberSeconds) * 1000 }
    }

    /// The user key a two-factor answer names: the user name, else the objectId.
    private static func displayName(_ user: ObjectRecord) -> String {
        user.fields[LCFieldName.username]?.stringValue ?? user.objectId
    }
}
