import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

/// Cross-origin support: the API is callable from browsers (spec §1.1). Every origin may call it
/// without credentials (`Access-Control-Allow-Origin: *`, as LeanCloud). The origins in
/// `credentialedOrigins` may also send cookies (`fetch(…, {credentials: "include"})`), which the
/// cookie-session `/api` log-in needs from a page served elsewhere (docs/web-login.md).
/// The API's route group answers with these; the admin surface has its own (AdminGuard).
struct CORS: Sendable {
    /// The headers LeanCloud's own middlewares allow (spec §1.1), plus OAuth's `Authorization`.
    static let allowedHeaders = (LCHeaderName.corsAllowedHeaders + ["Authorization"]).joined(separator: ", ")

    let credentialedOrigins: CORSOrigins

    /// The answer to any `OPTIONS` request: a preflight needs no authentication.
    func preflight(_ request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "Access-Control-Allow-Origin": request.headers["Origin"] ?? "*",
            "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE, OPTIONS",
            "Access-Control-Allow-Headers": request.headers["Access-Control-Request-Headers"] ?? Self.allowedHeaders,
            "Access-Control-Max-Age": "86400",
            "Allow": "GET, HEAD, POST, PUT, DELETE, OPTIONS",
        ]
        if credentialedOrigin(of: request) != nil {
            headers.add("Access-Control-Allow-Credentials", "true")
            // Chrome's Private Network Access: a public page calling this private server. Only
            // for origins the developer listed; every other page gets the ordinary CORS answer,
            // which such a browser then refuses (docs/security.md).
            if AdminGuard.asksPrivateNetwork(request) { headers.add("Access-Control-Allow-Private-Network", "true") }
        }
        headers.add("Vary", "Origin")
        return HTTPResponse(status: 200, headers: headers)
    }

    /// The CORS headers of an answer to `request`.
    func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        if let origin = credentialedOrigin(of: request) {
            response.headers.set("Access-Control-Allow-Origin", origin)
            response.headers.add("Access-Control-Allow-Credentials", "true")
        } else if !APIResponse.areStandardJSONHeaders(response.headers), response.headers["Access-Control-Allow-Origin"] != "*" {
            // JSON answers carry `*` already (APIResponse.jsonHeaders, known by their storage
            // without a lookup): adding it again would copy their shared header list on every request.
            response.headers.add("Access-Control-Allow-Origin", "*")
        }
        // Answers differ by origin once some origins get credentials: caches must key on it.
        if !credentialedOrigins.isEmpty { response.headers.add("Vary", "Origin") }
    }

    /// The request's `Origin` when it may send credentials; nil otherwise, and without a header
    /// lookup when no origin is configured (the usual case, on every answer).
    private func credentialedOrigin(of request: HTTPRequest) -> String? {
        guard !credentialedOrigins.isEmpty, let origin = request.headers["Origin"], credentialedOrigins.contains(origin) else { return nil }
        return origin
    }
}
