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
