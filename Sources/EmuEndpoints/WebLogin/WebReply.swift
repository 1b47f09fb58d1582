import EmuData
import EmuRouting
import LCWire

/// What a cookie-session handler answers: an envelope (or a picture) plus `Set-Cookie` headers.
struct WebReply {
    var response: APIResponse

    init(_ json: JSON) { response = APIResponse(status: 200, json: json) }

    init(failure: WebLoginFailure) { self.init(failure.json) }

    /// A PNG that no cache may keep: every call draws a new captcha.
    init(png: [UInt8]) {
        response = APIResponse(status: 200, contentType: "image/png", body: png)
        response.headers.add("Cache-Control", "no-cache,no-store")
    }

    mutating func setCookie(_ cookie: SetCookie) { response.headers.add("Set-Cookie", cookie.headerValue) }

    /// The two cookies of a new session: `sid` (HttpOnly: scripts never read it) and `XSRF-TOKEN`
    /// (readable, so the client can echo it in `X-XSRF-TOKEN`).
    mutating func setCookies(of session: WebSession) {
        setCookie(.sid(session.sid))
        setCookie(SetCookie(name: WebRequest.csrfCookie, value: session.xsrf))
    }
}

extension SetCookie {
    /// The `sid` cookie; `remember` adds `Max-Age` (login-flows.md §2: persistent only with `remember_me`).
    static func sid(_ value: String, remember: Bool = false) -> SetCookie {
        SetCookie(name: WebRequest.sessionCookie, value: value,
                  maxAge: remember ? WebSession.rememberSeconds : nil, httpOnly: true)
    }
}
