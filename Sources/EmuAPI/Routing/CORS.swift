import EmuHTTP

/// Cross-origin support: the API is callable from browsers (spec §1.1).
enum CORS {
    /// The headers LeanCloud's own middlewares allow (spec §1.1).
    static let allowedHeaders = [
        "Content-Type", "X-LC-Id", "X-LC-Key", "X-LC-Session", "X-LC-Sign", "X-LC-Prod", "X-LC-UA",
        "X-LC-Hook-Key", "X-AVOSCloud-Application-Id", "X-AVOSCloud-Application-Key",
        "X-AVOSCloud-Application-Production", "X-AVOSCloud-Client-Version", "X-AVOSCloud-Request-sign",
        "X-AVOSCloud-Session-Token", "X-AVOSCloud-Super-Key", "X-Uluru-Application-Id",
        "X-Uluru-Application-Key", "X-Uluru-Application-Production", "X-Uluru-Client-Version",
        "X-Uluru-Session-Token", "X-Requested-With", "Authorization",
    ].joined(separator: ", ")

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
