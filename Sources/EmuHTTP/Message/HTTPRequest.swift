import Primitives

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
/// A value, kept in one shared storage object: a request is handed on several times per
/// answer (the handler, the response gate, the journal, the request context), and each copy of
/// seven separate fields retained and released each of them.
///
/// The storage never changes (`let`), and the getters are inlinable: a reader in another module
/// then reads a field in place, where a getter returned it retained and the caller released it
/// (the pipeline reads the method five times and the path three per signed fetch, issue 31).
/// A change builds a new box, which only the rare rewrite (a canonical path, a cut journal body)
/// pays for.
public struct HTTPRequest: Sendable {
    @usableFromInline
    struct Fields: Sendable {
        @usableFromInline var method: String
        @usableFromInline var target: String
        @usableFromInline var path: String
        @usableFromInline var query: [(name: String, value: String)]
        @usableFromInline var version: HTTPVersion
        @usableFromInline var headers: HTTPHeaders
        @usableFromInline var body: [UInt8]
        @usableFromInline var isSecure: Bool
        /// False only when `headers` are known to hold no `Connection` field: the parser saw none
        /// and nothing changed them since. `keepAlive` then needs no look at them.
        @usableFromInline var mayNameConnection = true
    }

    @usableFromInline
    final class Box: Sendable {
        @usableFromInline let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var box: Box

    /// The fields for a change, taken out of the box first: when this request held the only
    /// reference to it, its strings and arrays are then unshared and change in place.
    private var owned: Fields {
        get { box.fields }
        _modify {
            var fields = box.fields
            box = Self.vacated
            defer { box = Box(fields) }
            yield &fields
        }
    }

    /// What a request holds while its fields are being changed.
    private static let vacated = Box(Fields(method: "", target: "", path: "", query: [], version: .http1_1,
                                            headers: HTTPHeaders(), body: [], isSecure: false))

    /// The method exactly as sent (methods are case-sensitive, RFC 9110 §9.1).
    public var method: String {
        @inlinable get { box.fields.method }
        _modify { yield &owned.method }
    }
    /// The raw request-target, e.g. `/1.1/classes/Post?limit=1`.
    public var target: String {
        @inlinable get { box.fields.target }
        _modify { yield &owned.target }
    }
    /// The percent-decoded path, without the query.
    public var path: String {
        @inlinable get { box.fields.path }
        _modify { yield &owned.path }
    }
    /// The query parameters in order, percent-decoded with `+` as space.
    public var query: [(name: String, value: String)] {
        @inlinable get { box.fields.query }
        _modify { yield &owned.query }
    }
    public var version: HTTPVersion {
        @inlinable get { box.fields.version }
        _modify { yield &owned.version }
    }
    public var headers: HTTPHeaders {
        @inlinable get { box.fields.headers }
        _modify {
            // As `owned`, and changed headers may name Connection.
            var fields = box.fields
            box = Self.vacated
            defer {
                fields.mayNameConnection = true
                box = Box(fields)
            }
            yield &fields.headers
        }
    }
    public var body: [UInt8] {
        @inlinable get { box.fields.body }
        _modify { yield &owned.body }
    }
    /// Whether it arrived over TLS (the server's own HTTPS listener, not a proxy in front).
    public var isSecure: Bool {
        @inlinable get { box.fields.isSecure }
        _modify { yield &owned.isSecure }
    }

    public init(
        method: String, target: String, path: String, query: [(name: String, value: String)] = [],
        version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:], body: [UInt8] = [], isSecure: Bool = false
    ) {
        box = Box(Fields(method: method, target: target, path: path, query: query, version: version,
                         headers: headers, body: body, isSecure: isSecure))
    }

    /// A request read by the parser, which knows whether a `Connection` field came.
    init(method: String, target: String, path: String, query: [(name: String, value: String)], version: HTTPVersion,
         headers: HTTPHeaders, body: [UInt8], isSecure: Bool, namesConnection: Bool) {
        box = Box(Fields(method: method, target: target, path: path, query: query, version: version,
                         headers: headers, body: body, isSecure: isSecure, mayNameConnection: namesConnection))
    }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

// MARK: - Keep-alive

extension HTTPRequest {
    /// Whether the connection stays open after this request (RFC 9112 §9.3): `close` among the
    /// `Connection` tokens ends an HTTP/1.1 one, `keep-alive` keeps an HTTP/1.0 one. Read in
    /// place, without arrays: every request asks; a parsed request without a `Connection` field
    /// (most of them) is answered without a look at its fields (~130 instructions, issue 31).
    public var keepAlive: Bool {
        let http11 = version.major == 1 && version.minor >= 1
        guard box.fields.mayNameConnection else { return http11 }
        return headers.fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].name.asciiCaseInsensitiveEquals("Connection") {
                for token in fields[index].value.split(separator: ",") {
                    let word = String(token.trimmingSpaces())
                    if http11 && word.asciiCaseInsensitiveEquals("close") { return false }
                    if !http11 && word.asciiCaseInsensitiveEquals("keep-alive") { return true }
                }
            }
            return http11
        }
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
