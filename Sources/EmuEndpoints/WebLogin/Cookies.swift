import EmuData
import EmuHTTP
import EmuRouting

/// The cookies a request carries (RFC 6265 §5.4: `Cookie: a=1; b=2`, possibly over several
/// header lines). The first value of a name wins, as browsers send the most specific first.
struct RequestCookies: Sendable {
    private var values: [String: String] = [:]

    init(_ headers: HTTPHeaders) {
        for line in headers.values(for: "Cookie") {
            for pair in line.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].trimmingSpaces
                guard !name.isEmpty, values[name] == nil else { continue }
                var value = parts.count > 1 ? parts[1].trimmingSpaces : ""
                // RFC 6265 allows a value in double quotes.
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                values[name] = value
            }
        }
    }

    subscript(name: String) -> String? { values[name].flatMap { $0.isEmpty ? nil : $0 } }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

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
