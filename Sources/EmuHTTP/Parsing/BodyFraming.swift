/// How a request body is delimited (RFC 9112 §6.3).
enum BodyFraming: Equatable {
    /// No body: neither Content-Length nor Transfer-Encoding, or a length of 0.
    case none
    /// Exactly this many bytes follow the head.
    case length(Int)
    /// A chunked body follows (RFC 9112 §7.1).
    case chunked

    /// Parses a Content-Length value, which must be `1*DIGIT` (RFC 9110 §8.6): no sign, no
    /// inner whitespace and no list, since accepting any of these invites request smuggling.
    static func parseContentLength(
        _ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>
    ) throws(HTTPParseError) -> Int {
        guard !value.isEmpty else { throw .badRequest("empty Content-Length") }
        var length = 0
        for index in value {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
                throw .badRequest("invalid Content-Length")
            }
            let (times10, overflow1) = length.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1 && !overflow2 else { throw .badRequest("Content-Length overflows") }
            length = sum
        }
        return length
    }
}

/// The transfer codings named by Transfer-Encoding fields, reduced to what the parser decides on.
struct TransferCodings {
    /// How often `chunked` was named.
    var chunkedCount = 0
    /// The first coding other than `chunked`, if any.
    var unsupported: String?

    /// Reads one field value, a comma-separated list (RFC 9110 §5.6.1) of codings.
    init(parsing bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) {
        var elementStart = value.lowerBound
        while elementStart <= value.upperBound {
            var elementEnd = elementStart
            while elementEnd < value.upperBound && bytes[elementEnd] != HTTPBytes.comma { elementEnd += 1 }
            var lower = elementStart, upper = elementEnd
            while lower < upper && HTTPBytes.isWhitespace(bytes[lower]) { lower += 1 }
            while upper > lower && HTTPBytes.isWhitespace(bytes[upper - 1]) { upper -= 1 }
            // Empty list elements are allowed and ignored (RFC 9110 §5.6.1).
            if lower < upper {
                if HTTPBytes.equalsIgnoringCase(bytes, lower..<upper, "chunked") {
                    chunkedCount += 1
                } else if unsupported == nil {
                    unsupported = HTTPBytes.string(bytes, lower..<upper)
                }
            }
            elementStart = elementEnd + 1
        }
    }

    /// The codings of this field followed by those of a later one.
    func followed(by later: TransferCodings) -> TransferCodings {
        var merged = self
        merged.chunkedCount += later.chunkedCount
        merged.unsupported = unsupported ?? later.unsupported
        return merged
    }
}

/// What the field lines of a head said about Host, framing and Expect.
struct HeadFacts {
    var hostCount = 0
    var contentLength: Int?
    var codings: TransferCodings?
    var expectsContinue = false
    /// Whether a `Connection` field came (the request's `keepAlive` reads it only then).
    var namesConnection = false

    /// Takes note of one field line.
    mutating func record(_ role: FieldRole) throws(HTTPParseError) {
        switch role {
        case .host:
            hostCount += 1
        case .contentLength(let length):
            // RFC 9112 §6.3 allows merging identical values, but an intermediary may have
            // read either field: refusing every repetition is the safe choice.
            guard contentLength == nil else { throw .badRequest("multiple Content-Length fields") }
            contentLength = length
        case .transferEncoding(let later):
            codings = codings?.followed(by: later) ?? later
        case .expect(let expectsContinue):
            if expectsContinue { self.expectsContinue = true }
        case .connection:
            namesConnection = true
        case .other:
            break
        }
    }

    /// Checks the head as a whole and decides how the body is framed (RFC 9112 §6.3).
    func resolve(version: HTTPVersion, maxBodyBytes: Int) throws(HTTPParseError) -> BodyFraming {
        // RFC 9112 §3.2: 400 for an HTTP/1.1 request without Host, and for any request with
        // more than one.
        if hostCount > 1 { throw .badRequest("multiple Host fields") }
        if hostCount == 0 && version != .http1_0 { throw .badRequest("missing Host field") }

        if let codings {
            // RFC 9112 §6.1: both headers at once is how requests are smuggled; reject.
            if contentLength != nil { throw .badRequest("both Transfer-Encoding and Content-Length") }
            // RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 message means faulty framing.
            if version == .http1_0 { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            // RFC 9112 §6.1: 501 for a coding the server does not understand.
            if let unsupported = codings.unsupported { throw .notImplemented(unsupported) }
            // RFC 9112 §7: chunked is applied exactly once (and so is the final coding).
            guard codings.chunkedCount == 1 else { throw .badRequest("invalid Transfer-Encoding") }
            return .chunked
        }
        if let contentLength {
            // RFC 9110 §15.5.14: refuse a declared body that is too large before it is sent.
            if contentLength > maxBodyBytes { throw .payloadTooLarge }
            return contentLength == 0 ? .none : .length(contentLength)
        }
        // RFC 9112 §6.3: a request with neither has no body.
        return .none
    }
}
