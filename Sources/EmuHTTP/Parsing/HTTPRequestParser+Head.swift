/// The parts of a request gathered while its head is read.
struct PendingHead {
    var method = ""
    var target = ""
    var path = ""
    var query: [(name: String, value: String)] = []
    var version = HTTPVersion.http1_1
    /// The fields read so far, once one of them differs from the previous request's; until then
    /// empty, and `repeatedFields` counts the leading fields that repeat it.
    var fields: [HTTPHeaders.Field] = []
    var repeatedFields = 0
    /// Bytes of empty lines skipped before the request line.
    var skippedBytes = 0
    /// Bytes of field lines so far, terminators included; trailers add to it.
    var headerBytes = 0
    /// What the fields said about Host, framing and Expect.
    var facts = HeadFacts()
    /// How the body is delimited; decided once the head is complete.
    var framing = BodyFraming.none
    /// Whether the client awaits `100 Continue` before sending the body.
    var expectsContinue = false
    var continueReported = false

    /// The head's fields: the previous request's array itself when every field repeated it.
    func allFields(repeating previous: RepeatedHead) -> [HTTPHeaders.Field] {
        if !fields.isEmpty { return fields }
        return repeatedFields == previous.fields.count ? previous.fields : Array(previous.fields[..<repeatedFields])
    }
}

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
                let index = head.fields.isEmpty ? head.repeatedFields : head.fields.count
                let (field, repeated) = try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) in
                    try HeaderFieldSyntax.parse(bytes, start..<end, repeating: previous, at: index)
                }
                head.headerBytes += next - start
                try head.facts.record(field.role)
                if repeated && head.fields.isEmpty {
                    head.repeatedFields += 1
                } else {
                    if head.fields.isEmpty {
                        head.fields.reserveCapacity(16)
                        head.fields.append(contentsOf: previous.fields[..<head.repeatedFields])
                    }
                    head.fields.append((name: field.name, value: field.value))
                }
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
