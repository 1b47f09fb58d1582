import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

/// The CORS headers of the admin surface, for requests `refusal(for:)` let through: a page's
/// own origin needs none, a `--admin-origins` page gets its origin back, and nothing else is
/// granted: no `*`, no echoed request headers, no private-network access.
extension AdminGuard {
    /// The answer to an allowed `OPTIONS` preflight of an admin path.
    func preflight(_ request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE, OPTIONS",
            "Access-Control-Allow-Headers": CORS.allowedHeaders,
            "Access-Control-Max-Age": "86400",
            "Allow": "GET, HEAD, POST, PUT, DELETE, OPTIONS",
            "Vary": "Origin",
        ]
        if let origin = configuredOrigin(of: request) {
            headers.add("Access-Control-Allow-Origin", origin)
            if Self.asksPrivateNetwork(request) { headers.add("Access-Control-Allow-Private-Network", "true") }
        }
        return HTTPResponse(status: 200, headers: headers)
    }

    /// An admin answer: without the API's `*`; with its origin for a `--admin-origins` page.
    func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        response.headers.remove("Access-Control-Allow-Origin")
        guard !origins.isEmpty else { return }
        if let origin = configuredOrigin(of: request) { response.headers.add("Access-Control-Allow-Origin", origin) }
        response.headers.add("Vary", "Origin")
    }

    /// The request's `Origin` when it is one of `--admin-origins`.
    private func configuredOrigin(of request: HTTPRequest) -> String? {
        guard !origins.isEmpty, let origin = request.headers["Origin"], origins.contains(origin) else { return nil }
        return origin
    }

    /// Chrome's Private Network Access preflight: a page of a public (or less private) address
    /// asks to call this one (`Access-Control-Request-Private-Network: true`).
    static func asksPrivateNetwork(_ request: HTTPRequest) -> Bool {
        request.headers["Access-Control-Request-Private-Network"]?.lowercased() == "true"
    }
}
