import LCWire

extension WebLoginHandlers {
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
