/// A parsed request line, `method SP request-target SP HTTP-version` (RFC 9112 §3), without
/// its version, which the head keeps apart: a line that repeats the previous request's has
/// nothing else to keep.
struct RequestLine {
    var method: String
    var target: String
    var path: String
    var query: [(name: String, value: String)]

    /// Parses the content of a request line (terminator excluded). `line` is nil when the method
    /// and target repeat `previous`'s own, which parse the same: no strings are made (nor copied).
    ///
    /// Exactly one SP separates the parts; RFC 9112 §3 allows lenient whitespace parsing but
    /// a strict split leaves no room for two parsers to disagree about the target.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>,
                      repeating previous: RepeatedHead) throws(HTTPParseError) -> (version: HTTPVersion, line: RequestLine?) {
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
        let version = try parseVersion(bytes, targetEnd + 1..<end)
        if previous.repeatsLine(method: method, target: target, in: bytes) { return (version, nil) }
        let isOptions = HTTPBytes.equalsCaseSensitive(bytes, method, "OPTIONS")
        let (path, query) = try RequestTarget.parse(bytes, target, allowsAsterisk: isOptions)
        // A plain origin-form target (no query, no escapes) is its own path: share the string.
        // The path is the target minus authority and query, with escapes decoded, so it can only
        // be as long as the target when it is the target.
        let targetString = path.utf8.count == target.count ? path : HTTPBytes.string(bytes, target)
        return (version, RequestLine(method: HTTPBytes.string(bytes, method), target: targetString, path: path, query: query))
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

// MARK: - RequestTarget, the path and query

/// The request-target forms of RFC 9112 §3.2, reduced to the decoded path and query the
/// server routes on.
enum RequestTarget {
    /// Splits and decodes a request-target.
    ///
    /// - origin-form `/path?query` (§3.2.1): the usual form.
    /// - absolute-form `http://host[:port]/path?query` (§3.2.2): the authority is dropped; an
    ///   empty path means `/`.
    /// - asterisk-form `*` (§3.2.4): only for OPTIONS; the path is `*`.
    ///
    /// authority-form is only for CONNECT, which an origin server does not serve, so it is
    /// rejected with everything else.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, _ target: Range<Int>, allowsAsterisk: Bool
    ) throws(HTTPParseError) -> (path: String, query: [(name: String, value: String)]) {
        // RFC 3986 §2: a URI is printable ASCII. Controls (and so any CR or NUL) and raw
        // non-ASCII bytes cannot be part of it.
        for index in target where !(0x21...0x7E).contains(bytes[index]) {
            throw .badRequest("invalid character in request-target")
        }
        let first = bytes[target.lowerBound]
        let pathStart: Int
        if first == HTTPBytes.slash {
            pathStart = target.lowerBound
        } else if first == HTTPBytes.asterisk && target.count == 1 {
            guard allowsAsterisk else { throw .badRequest("asterisk-form is only for OPTIONS") }
            return ("*", [])
        } else {
            pathStart = try authorityEnd(bytes, target)
        }

        var queryMark = pathStart
        while queryMark < target.upperBound && bytes[queryMark] != HTTPBytes.question { queryMark += 1 }
        let path = pathStart == queryMark
            ? "/" : try PercentDecoding.decodePath(bytes, pathStart..<queryMark)
        let query = queryMark < target.upperBound
            ? PercentDecoding.decodeQuery(bytes, queryMark + 1..<target.upperBound) : []
        return (path, query)
    }

    /// Validates the `scheme "://" authority` prefix of an absolute-form target and returns
    /// where the path (or query) starts.
    static func authorityEnd(
        _ bytes: UnsafeBufferPointer<UInt8>, _ target: Range<Int>
    ) throws(HTTPParseError) -> Int {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986 §3.1); this server only
        // answers http and https URIs.
        var schemeEnd = target.lowerBound
        while schemeEnd < target.upperBound && bytes[schemeEnd] != HTTPBytes.colon { schemeEnd += 1 }
        let scheme = target.lowerBound..<schemeEnd
        guard HTTPBytes.equalsIgnoringCase(bytes, scheme, "http")
            || HTTPBytes.equalsIgnoringCase(bytes, scheme, "https")
        else { throw .badRequest("unsupported request-target form") }
        let authorityStart = schemeEnd + 3
        guard authorityStart <= target.upperBound,
              HTTPBytes.equalsCaseSensitive(bytes, schemeEnd..<authorityStart, "://")
        else { throw .badRequest("unsupported request-target form") }

        var end = authorityStart
        while end < target.upperBound && bytes[end] != HTTPBytes.slash && bytes[end] != HTTPBytes.question {
            // RFC 9110 §4.2.4: userinfo is deprecated in http(s) URIs and must be treated as an error.
            if bytes[end] == UInt8(ascii: "@") { throw .badRequest("userinfo in request-target") }
            end += 1
        }
        // RFC 9110 §4.2.1: an http(s) URI with an empty host is invalid.
        guard end > authorityStart else { throw .badRequest("empty authority in request-target") }
        return end
    }
}
