/// One `Set-Cookie` response header (RFC 6265 §4.1). Only the attributes the cookie flow needs
/// (login-flows.md §2): `Path`, `Max-Age` (a persistent cookie; none = a browser-session cookie)
/// and `HttpOnly`.
struct SetCookie: Sendable, Equatable {
    var name: String
    var value: String
    var path = "/"
    /// Seconds; nil = a session cookie, 0 = delete it now.
    var maxAge: Int?
    var httpOnly = false

    /// The header value, e.g. `sid=abc; Path=/; Max-Age=2592000; HttpOnly`.
    var headerValue: String {
        var parts = ["\(name)=\(value)", "Path=\(path)"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if httpOnly { parts.append("HttpOnly") }
        return parts.joined(separator: "; ")
    }
}
