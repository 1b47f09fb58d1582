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
///
/// A value, kept in one shared storage object that is copied only when a shared request is
/// changed: a request is handed on several times per answer (the handler, the response gate,
/// the journal, the request context), and each copy of seven separate fields retained and
/// released each of them.
public struct HTTPRequest: Sendable {
    // @unchecked: changed only through `unique()`, so never while another request shares it.
    private final class Storage: @unchecked Sendable {
        var method: String
        var target: String
        var path: String
        var query: [(name: String, value: String)]
        var version: HTTPVersion
        var headers: HTTPHeaders
        var body: [UInt8]
        var isSecure: Bool

        init(method: String, target: String, path: String, query: [(name: String, value: String)],
             version: HTTPVersion, headers: HTTPHeaders, body: [UInt8], isSecure: Bool) {
            self.method = method
            self.target = target
            self.path = path
            self.query = query
            self.version = version
            self.headers = headers
            self.body = body
            self.isSecure = isSecure
        }

        func copy() -> Storage {
            Storage(method: method, target: target, path: path, query: query, version: version, headers: headers,
                    body: body, isSecure: isSecure)
        }
    }

    private var storage: Storage

    /// The storage, made this request's own before a change.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The method exactly as sent (methods are case-sensitive, RFC 9110 §9.1).
    public var method: String {
        get { storage.method }
        _modify { yield &unique().method }
    }
    /// The raw request-target, e.g. `/1.1/classes/Post?limit=1`.
    public var target: String {
        get { storage.target }
        _modify { yield &unique().target }
    }
    /// The percent-decoded path, without the query.
    public var path: String {
        get { storage.path }
        _modify { yield &unique().path }
    }
    /// The query parameters in order, percent-decoded with `+` as space.
    public var query: [(name: String, value: String)] {
        get { storage.query }
        _modify { yield &unique().query }
    }
    public var version: HTTPVersion {
        get { storage.version }
        _modify { yield &unique().version }
    }
    public var headers: HTTPHeaders {
        get { storage.headers }
        _modify { yield &unique().headers }
    }
    public var body: [UInt8] {
        get { storage.body }
        _modify { yield &unique().body }
    }
    /// Whether it arrived over TLS (the server's own HTTPS listener, not a proxy in front).
    public var isSecure: Bool {
        get { storage.isSecure }
        _modify { yield &unique().isSecure }
    }

    public init(
        method: String, target: String, path: String, query: [(name: String, value: String)] = [],
        version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:], body: [UInt8] = [], isSecure: Bool = false
    ) {
        storage = Storage(method: method, target: target, path: path, query: query, version: version,
                          headers: headers, body: body, isSecure: isSecure)
    }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
