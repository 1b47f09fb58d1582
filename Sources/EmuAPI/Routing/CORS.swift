import EmuHTTP
import LCWire

/// Cross-origin support: the API is callable from browsers (spec §1.1).
enum CORS {
    /// The headers LeanCloud's own middlewares allow (spec §1.1), plus OAuth's `Authorization`.
    static let allowedHeaders = (LCHeaderName.corsAllowedHeaders + ["Authorization"]).joined(separator: ", ")

    /// The answer to any `OPTIONS` request: a preflight needs no authentication.
    static func preflight(_ request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "Access-Control-Allow-Origin": request.headers["Origin"] ?? "*",
            "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE, OPTIONS",
            "Access-Control-Allow-Headers": request.headers["Access-Control-Request-Headers"] ?? allowedHeaders,
            "Access-Control-Max-Age": "86400",
            "Allow": "GET, HEAD, POST, PUT, DELETE, OPTIONS",
        ]
        headers.add("Vary", "Origin")
        return HTTPResponse(status: 200, headers: headers)
    }
}
