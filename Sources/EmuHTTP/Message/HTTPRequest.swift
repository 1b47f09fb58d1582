/// The HTTP version of a request or response.
public struct HTTPVersion: Equatable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public init(major: Int, minor: Int) { self.major = major; self.minor = minor }
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
    public var description: String { "HTTP/\(major).\(minor)" }
}

/// A complete HTTP request: head plus the fully read (de-chunked) body.
public struct HTTPRequest: Sendable {
    /// The method exactly as sent (methods are case-sensitive, RFC 9110 §9.1).
    public var method: String
    /// The raw request-target, e.g. `/1.1/classes/Post?limit=1`.
    public var target: String
    /// The percent-decoded path, without the query.
    public var path: String
    /// The query parameters in order, percent-decoded with `+` as space.
    public var query: [(name: String, value: String)]
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Whether it arrived over TLS (the server's own HTTPS listener, not a proxy in front).
    public var isSecure: Bool

    public init(
        method: String, target: String, path: String, query: [(name: String, value: String)] = [],
        version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:], body: [UInt8] = [], isSecure: Bool = false
    ) {
        self.isSecure = isSecure
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after this request (RFC 9112 §9.3): `close` among the
    /// `Connection` tokens ends an HTTP/1.1 one, `keep-alive` keeps an HTTP/1.0 one. Read in
    /// place, without arrays: every request asks.
    public var keepAlive: Bool {
        let http11 = version.major == 1 && version.minor >= 1
        for field in headers.fields where field.name.asciiCaseInsensitiveEquals("Connection") {
            for token in field.value.split(separator: ",") {
                let word = String(token.trimmingSpaces())
                if http11 && word.asciiCaseInsensitiveEquals("close") { return false }
                if !http11 && word.asciiCaseInsensitiveEquals("keep-alive") { return true }
            }
        }
        return http11
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
