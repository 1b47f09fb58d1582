/// A parsed request line, `method SP request-target SP HTTP-version` (RFC 9112 §3).
struct RequestLine {
    var method: String
    var target: String
    var path: String
    var query: [(name: String, value: String)]
    var version: HTTPVersion

    /// Parses the content of a request line (terminator excluded).
    ///
    /// Exactly one SP separates the parts; RFC 9112 §3 allows lenient whitespace parsing but
    /// a strict split leaves no room for two parsers to disagree about the target.
    /// `previous`'s strings are shared when the method and target repeat its own.
    init(parsing bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>,
         repeating previous: RepeatedHead = RepeatedHead()) throws(HTTPParseError) {
        let end = line.upperBound
        // method = token (RFC 9112 §3.1), case-sensitive and kept as sent.
        var methodEnd = line.lowerBound
        while methodEnd < end && HTTPBytes.isTokenChar(bytes[methodEnd]) { methodEnd += 1 }
        guard methodEnd > line.lowerBound, methodEnd < end, bytes[methodEnd] == HTTPBytes.space else {
            throw .badRequest("invalid method in request line")
        }
        let targetStart = methodEnd + 1
        var targetEnd = targetStart
        while targetEnd < end && bytes[targetEnd] != HTTPBytes.space { targetEnd += 1 }
        guard targetEnd > targetStart, targetEnd < end else {
            throw .badRequest("invalid request line")
        }
        let method = line.lowerBound..<methodEnd
        let target = targetStart..<targetEnd

        // The version comes first so that an HTTP/2 preface ("PRI * HTTP/2.0") gets 505.
        version = try Self.parseVersion(bytes, targetEnd + 1..<end)
        // The same method and target parse the same: no need to decode them again.
        if RepeatedHead.matches(previous.target, bytes, target), RepeatedHead.matches(previous.method, bytes, method) {
            (self.method, self.target, path, query) = (previous.method, previous.target, previous.path, previous.query)
            return
        }
        let isOptions = HTTPBytes.equalsCaseSensitive(bytes, method, "OPTIONS")
        (path, query) = try RequestTarget.parse(bytes, target, allowsAsterisk: isOptions)
        self.method = HTTPBytes.string(bytes, method)
        // A plain origin-form target (no query, no escapes) is its own path: share the string.
        // The path is the target minus authority and query, with escapes decoded, so it can only
        // be as long as the target when it is the target.
        self.target = path.utf8.count == target.count ? path : HTTPBytes.string(bytes, target)
    }

    /// Parses `HTTP-version = "HTTP" "/" DIGIT "." DIGIT` (RFC 9112 §2.3), case-sensitively.
    ///
    /// A higher HTTP/1 minor version is answered as 1.1, the highest this server speaks
    /// (RFC 9110 §2.5); any other major version gets 505.
    static func parseVersion(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) throws(HTTPParseError) -> HTTPVersion {
        guard range.count == 8 else { throw .badRequest("invalid HTTP version") }
        let start = range.lowerBound
        guard HTTPBytes.equalsCaseSensitive(bytes, start..<start + 5, "HTTP/") else {
            throw .badRequest("invalid HTTP version")
        }
        let major = bytes[start + 5], dot = bytes[start + 6], minor = bytes[start + 7]
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard digits.contains(major), dot == UInt8(ascii: "."), digits.contains(minor) else {
            throw .badRequest("invalid HTTP version")
        }
        guard major == UInt8(ascii: "1") else { throw .versionNotSupported }
        return minor == UInt8(ascii: "0") ? .http1_0 : .http1_1
    }
}
