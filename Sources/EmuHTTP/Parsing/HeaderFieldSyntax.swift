/// The syntax of a field line, `field-name ":" OWS field-value OWS` (RFC 9112 §5).
enum HeaderFieldSyntax {
    /// Validates a field line (content without its terminator) and returns the ranges of the
    /// name and of the value trimmed of OWS.
    static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
    ) throws(HTTPParseError) -> (name: Range<Int>, value: Range<Int>) {
        let end = line.upperBound
        // RFC 9112 §5.2: obs-fold (a line starting with whitespace) is rejected with 400. This
        // also covers whitespace before the first field (§2.2).
        if HTTPBytes.isWhitespace(bytes[line.lowerBound]) {
            throw .badRequest("obsolete line folding in header field")
        }
        var index = line.lowerBound
        while index < end && HTTPBytes.isTokenChar(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == HTTPBytes.colon else {
            // RFC 9112 §5.1: no whitespace is allowed between the field name and the colon.
            if index < end && HTTPBytes.isWhitespace(bytes[index]) {
                throw .badRequest("whitespace before colon in header field")
            }
            throw .badRequest("invalid header field name")
        }
        guard index > line.lowerBound else { throw .badRequest("empty header field name") }
        return (line.lowerBound..<index, try value(bytes, index + 1..<end))
    }

    /// Validates the part of a field line after its colon and returns the value trimmed of OWS.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ afterColon: Range<Int>) throws(HTTPParseError) -> Range<Int> {
        var valueStart = afterColon.lowerBound
        let end = afterColon.upperBound
        while valueStart < end && HTTPBytes.isWhitespace(bytes[valueStart]) { valueStart += 1 }
        var valueEnd = end
        while valueEnd > valueStart && HTTPBytes.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        // RFC 9110 §5.5: CR, LF, NUL and other controls in a value are rejected, not repaired.
        guard HTTPBytes.isFieldValue(bytes, valueStart..<valueEnd) else {
            throw .badRequest("control character in header field value")
        }
        return valueStart..<valueEnd
    }

    /// Validates a field line and returns its role and the field.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
    ) throws(HTTPParseError) -> (role: FieldRole, field: HTTPHeaders.Field) {
        let (name, value) = try split(bytes, line)
        let role = try FieldRole(name: name, value: value, in: bytes)
        return (role, (name: HTTPBytes.string(bytes, name), value: HTTPBytes.string(bytes, value)))
    }
}

/// The fields the parser acts on; all others are only passed through.
enum FieldRole {
    case host
    case contentLength(Int)
    case transferEncoding(TransferCodings)
    case expect(continue: Bool)
    /// `Connection`: the request's keep-alive then reads its tokens (`HTTPRequest.keepAlive`).
    case connection
    case other

    /// Classifies a validated field, parsing the values the framing depends on.
    init(name: Range<Int>, value: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) {
        // Dispatch on length first: most fields are none of these and cost one comparison.
        switch name.count {
        case 4 where HTTPBytes.equalsIgnoringCase(bytes, name, "host"):
            self = .host
        case 6 where HTTPBytes.equalsIgnoringCase(bytes, name, "expect"):
            // RFC 9110 §10.1.1: the expectation is compared case-insensitively.
            self = .expect(continue: HTTPBytes.equalsIgnoringCase(bytes, value, "100-continue"))
        case 10 where HTTPBytes.equalsIgnoringCase(bytes, name, "connection"):
            self = .connection
        case 14 where HTTPBytes.equalsIgnoringCase(bytes, name, "content-length"):
            self = .contentLength(try BodyFraming.parseContentLength(bytes, value))
        case 17 where HTTPBytes.equalsIgnoringCase(bytes, name, "transfer-encoding"):
            self = .transferEncoding(TransferCodings(parsing: bytes, value))
        default:
            self = .other
        }
    }
}
