extension HTTPRequestParser {
    /// Reads the request line, skipping empty lines before it. Returns false when more bytes
    /// are needed.
    mutating func parseRequestLine() throws(HTTPParseError) -> Bool {
        while true {
            // RFC 9112 §2.2: ignore empty lines before the request line. They share the
            // request-line budget so that an endless stream of CRLFs is still cut off.
            let budget = limits.maxRequestLineBytes - head.skippedBytes
            guard budget >= 0 else { throw .requestLineTooLong }
            switch scanLine(maxContent: budget) {
            case .needMore:
                return false
            case .tooLong:
                throw .requestLineTooLong
            case let .line(start, end, next):
                if start == end {
                    head.skippedBytes += next - start
                    consume(upTo: next)
                    continue
                }
                let line = try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) in
                    try RequestLine(parsing: bytes, start..<end, repeating: previous)
                }
                head.method = line.method
                head.target = line.target
                head.path = line.path
                head.query = line.query
                head.version = line.version
                consume(upTo: next)
                stage = .headerFields
                return true
            }
        }
    }

    /// Reads field lines up to the empty line that ends the head. Returns false when more bytes
    /// are needed.
    mutating func parseHeaderFields() throws(HTTPParseError) -> Bool {
        while true {
            let remaining = limits.maxHeaderBytes - head.headerBytes
            // A field line needs at least one terminator byte within the remaining budget.
            switch scanLine(maxContent: remaining > 0 ? remaining - 1 : 0) {
            case .needMore:
                return false
            case .tooLong:
                throw .headersTooLarge
            case let .line(start, end, next):
                if start == end {
                    consume(upTo: next)
                    try finishHead()
                    return true
                }
                guard next - start <= remaining else { throw .headersTooLarge }
                let (field, repeated) = try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) in
                    try HeaderFieldSyntax.parse(bytes, start..<end, repeating: previous, at: head.fieldCount)
                }
                head.headerBytes += next - start
                try head.facts.record(field.role)
                head.add(field, repeated: repeated, previous: previous)
                consume(upTo: next)
            }
        }
    }

    /// Decides the body framing once the whole head is in (RFC 9112 §6.3).
    mutating func finishHead() throws(HTTPParseError) {
        head.framing = try head.facts.resolve(version: head.version, maxBodyBytes: limits.maxBodyBytes)
        // RFC 9110 §10.1.1: a 100-continue expectation in an HTTP/1.0 request is ignored, and
        // there is nothing to wait for without a body.
        let hasBody: Bool
        switch head.framing {
        case .none: hasBody = false
        case .length, .chunked: hasBody = true
        }
        head.expectsContinue = head.facts.expectsContinue && hasBody && head.version != .http1_0
        stage = .body
    }
}
