import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

/// Keeps web pages in the developer's browser away from the admin surface (`/__admin/*`, the
/// dashboard and its log-in), which holds the master key's powers behind published development
/// keys (docs/security.md). The first stage of the admin surface's route group (Pipeline.swift),
/// before the method-override envelope or the router see an admin request:
///
/// - **Host** (DNS rebinding): the `Host` header must be a name this server is known by
///   (`AllowedHosts`), else 403: a page whose name was re-resolved to this machine is refused.
/// - **Origin** (cross-origin requests, preflighted or "simple" such as a `text/plain` envelope
///   or a form post): a request with an `Origin` must come from the server's own origin or one
///   of `--admin-origins`, else 403. Without `Origin`, `Sec-Fetch-Site: cross-site`/`same-site`
///   (an image, a script, a navigation another site started) is refused the same way, but for
///   a navigation to the dashboard's page, which a link elsewhere may open.
///
/// Requests with neither header (curl, SDKs, `lcemu healthcheck`, tests) pass the origin check:
/// no browser sends a cross-origin request without `Origin` or, today, `Sec-Fetch-Site`.
struct AdminGuard: Sendable {
    /// `--admin-origins`: pages that may call the admin surface from another origin.
    let origins: CORSOrigins
    /// `--allowed-hosts`: more `Host` names than loopback, IP literals and one-label names.
    let hosts: AllowedHosts
    /// `--host`, the bound address: always a name this server is known by.
    let boundHost: String

    /// Loopback names only and no other origin: the default, and what tests get.
    static let localOnly = AdminGuard(origins: .none, hosts: .none, boundHost: "127.0.0.1")

    /// The 403 to answer instead of `request`, a request for the admin surface (`AdminPath`), or
    /// nil when it may go on.
    func refusal(for request: HTTPRequest) -> HTTPResponse? {
        let host = request.headers["Host"]
        guard hosts.allows(hostHeader: host, boundHost: boundHost) else {
            return Self.refused(.adminHostRefused(host ?? ""))
        }
        if let origin = request.headers["Origin"] {
            return allows(origin: origin, host: host) ? nil : Self.refused(.adminOriginRefused(origin))
        }
        switch request.headers["Sec-Fetch-Site"]?.lowercased() {
        case "cross-site", "same-site":
            let isNavigation = request.headers["Sec-Fetch-Mode"]?.lowercased() == "navigate"
                && (request.method == "GET" || request.method == "HEAD") && AdminPath.isDashboardPage(request.path)
            return isNavigation ? nil : Self.refused(.adminCrossSiteRefused)
        default:
            return nil
        }
    }

    /// The server's own origin (`scheme://` + the `Host` it was called by, any scheme: a port
    /// speaks one) or a configured one. `null` (sandboxed frames, files) is neither.
    func allows(origin: String, host: String?) -> Bool {
        if origins.contains(origin) { return true }
        guard let host, let separator = origin.firstRange(of: "://") else { return false }
        let scheme = origin[..<separator.lowerBound].lowercased()
        let defaultPort = scheme == "https" ? ":443" : scheme == "http" ? ":80" : nil
        func withoutDefaultPort(_ authority: String) -> String {
            guard let defaultPort, authority.hasSuffix(defaultPort) else { return authority }
            return String(authority.dropLast(defaultPort.count))
        }
        return withoutDefaultPort(String(origin[separator.upperBound...]).lowercased()) == withoutDefaultPort(host.lowercased())
    }

    private static func refused(_ code: LCErrorCode) -> HTTPResponse {
        var response = APIError(code).response.httpResponse
        // A refused page must not even read why.
        response.headers.remove("Access-Control-Allow-Origin")
        return response
    }
}

// MARK: - Its cross-origin headers

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

extension LCErrorCode {
    /// Longest `Host` or `Origin` quoted back in a refusal.
    static let quotedHeaderLimit = 200

    /// `Host` is not a name of this server: DNS rebinding, or a name to allow with `--allowed-hosts`.
    static func adminHostRefused(_ host: String) -> LCErrorCode {
        LCErrorCode(code: 119, message: "/__admin does not answer for Host '\(host.prefix(quotedHeaderLimit))': allow it with --allowed-hosts (LCEMU_ALLOWED_HOSTS).", httpStatus: 403)
    }

    /// A page of another origin: allowed only with `--admin-origins`.
    static func adminOriginRefused(_ origin: String) -> LCErrorCode {
        LCErrorCode(code: 119, message: "/__admin refuses requests from origin '\(origin.prefix(quotedHeaderLimit))': allow it with --admin-origins (LCEMU_ADMIN_ORIGINS).", httpStatus: 403)
    }

    /// A request another site started (an image, a script) with no `Origin` to allow.
    static let adminCrossSiteRefused = LCErrorCode(
        code: 119, message: "/__admin refuses requests started by another site (Sec-Fetch-Site).", httpStatus: 403)
}
