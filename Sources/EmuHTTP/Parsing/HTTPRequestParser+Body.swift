extension HTTPRequestParser {
    /// Reads as much body as is buffered; reports the request once it is complete.
    mutating func readBody() throws(HTTPParseError) -> HTTPParserEvent? {
        let body: [UInt8]?
        switch head.framing {
        case .none:
            body = []
        case .length(let length):
            // RFC 9112 §6.2: exactly Content-Length octets; anything after belongs to the next request.
            if buffer.count - readIndex >= length {
                body = Array(buffer[readIndex..<readIndex + length])
                consume(upTo: readIndex + length)
            } else {
                body = nil
            }
        case .chunked:
            body = try decodeChunkedBody()
        }
        if let body { return .request(finishRequest(body: body)) }
        // RFC 9110 §10.1.1: answer 100 only while the body is still awaited, and only once.
        if head.expectsContinue && !head.continueReported {
            head.continueReported = true
            return .continueExpected
        }
        return nil
    }

    /// Builds the request from the pending head and readies the parser for the next one.
    ///
    /// A request that repeats the previous one whole (line, version, fields, and no body on
    /// either) is that request again: one more reference to its storage instead of a new one
    /// filled with retained strings (a keep-alive client polling the same resource, issue 31).
    mutating func finishRequest(body: [UInt8]) -> HTTPRequest {
        var pending = PendingHead()
        swap(&pending, &head)
        stage = .requestLine
        // The previous request read once (reading `previous` in the conditions and calls below
        // copied it whole for one of them, ~300 instructions).
        let last = previous.request
        if pending.repeatsAll(last) && body.isEmpty && last.body.isEmpty {
            // A previous head that came in pieces was not kept whole: this one is, if it could be.
            if previous.head.isEmpty && pending.start >= 0 {
                keepHead(pending)
                previous.facts = pending.facts
                previous.fieldBytes = pending.fieldBytes
                previous.requestLineLength = pending.requestLineLength
            }
            return last
        }
        let lastFields = last.headers.fields
        let fields = pending.fields.isEmpty && pending.repeatedFields == lastFields.count
            ? lastFields : pending.fields.isEmpty ? Array(lastFields[..<pending.repeatedFields]) : pending.fields
        let request: HTTPRequest
        if let line = pending.line {
            request = HTTPRequest(method: line.method, target: line.target, path: line.path, query: line.query,
                                  version: pending.version, headers: HTTPHeaders(fields), body: body, isSecure: isSecure,
                                  namesConnection: pending.facts.namesConnection)
        } else {
            request = HTTPRequest(method: last.method, target: last.target, path: last.path, query: last.query,
                                  version: pending.version, headers: HTTPHeaders(fields), body: body, isSecure: isSecure,
                                  namesConnection: pending.facts.namesConnection)
        }
        // A large request is not kept: an idle connection must not hold up to the limits for nothing.
        let size = pending.headerBytes + request.target.utf8.count + body.count
        guard size <= RepeatedHead.maxKeptBytes else {
            previous = RepeatedHead()
            return request
        }
        // Field by field: a new `RepeatedHead` assigned whole was built aside, copied in and
        // destroyed (~300 instructions).
        keepHead(pending)
        let lines = pending.allLines(previous.lines)
        previous.request = request
        previous.lines = lines
        previous.facts = pending.facts
        previous.fieldBytes = pending.fieldBytes
        previous.requestLineLength = pending.requestLineLength
        return request
    }

    /// Keeps the bytes of `pending`'s head as it arrived as `previous.head`, in that array's memory
    /// (a keep-alive client's heads are of a size: no allocation per request); none when they are
    /// not all in the buffer any more.
    mutating func keepHead(_ pending: PendingHead) {
        // Already there: `repeatHeadButChangedValues` wrote the changed lines over the kept ones.
        if pending.headKept { return }
        // Within what was consumed (a start left stale by a compaction would be a bug: never read past it).
        guard pending.start >= 0 && pending.length > 0 && pending.start + pending.length <= readIndex else {
            return previous.head.removeAll(keepingCapacity: true)
        }
        let head = pending.start..<pending.start + pending.length
        // One replacement where emptying then appending was two (~100 instructions a request).
        let kept = previous.head.count
        buffer.withUnsafeBufferPointer { previous.head.replaceSubrange(0..<kept, with: UnsafeBufferPointer(rebasing: $0[head])) }
    }
}

// MARK: - Chunked bodies

/// The state of a chunked body being decoded (RFC 9112 §7.1):
/// `1*( chunk-size [ chunk-ext ] CRLF chunk-data CRLF ) "0" [ chunk-ext ] CRLF trailer-section CRLF`.
struct ChunkedBodyDecoder {
    enum State {
        /// Expecting a chunk-size line.
        case size
        /// Inside chunk data, with this many bytes still to come.
        case data(remaining: Int)
        /// Expecting the CRLF that closes a chunk's data.
        case dataEnd
        /// After the last chunk: reading trailer fields up to the empty line.
        case trailers
    }

    var state = State.size
    /// The de-chunked bytes so far.
    var body: [UInt8] = []

    /// Parses a chunk-size line (terminator excluded) and returns the size.
    static func parseSizeLine(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
    ) throws(HTTPParseError) -> Int {
        var index = line.lowerBound
        var size = 0
        while index < line.upperBound, let digit = HTTPBytes.hexValue(bytes[index]) {
            // RFC 9112 §7.1: a recipient must guard against integer overflow in chunk-size.
            guard size <= Int.max >> 4 else { throw .badRequest("chunk size overflows") }
            size = size << 4 | digit
            index += 1
        }
        guard index > line.lowerBound else { throw .badRequest("invalid chunk size") }
        try validateExtensions(bytes, index..<line.upperBound)
        return size
    }

    /// Checks `*( BWS ";" BWS name [ BWS "=" BWS ( token / quoted-string ) ] )` (RFC 9112
    /// §7.1.1). Extensions carry no meaning here and are ignored, but malformed ones are refused
    /// so that no other parser on the path can read the framing differently.
    static func validateExtensions(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) throws(HTTPParseError) {
        let end = range.upperBound
        var index = skipWhitespace(bytes, range.lowerBound, end)
        while index < end {
            guard bytes[index] == HTTPBytes.semicolon else { throw .badRequest("invalid chunk extension") }
            index = skipWhitespace(bytes, index + 1, end)
            let nameStart = index
            while index < end && HTTPBytes.isTokenChar(bytes[index]) { index += 1 }
            guard index > nameStart else { throw .badRequest("invalid chunk extension") }
            index = skipWhitespace(bytes, index, end)
            if index < end && bytes[index] == HTTPBytes.equals {
                index = try valueEnd(bytes, skipWhitespace(bytes, index + 1, end), end)
                index = skipWhitespace(bytes, index, end)
            }
        }
    }

    /// The end of a `token / quoted-string` extension value starting at `start`.
    static func valueEnd(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) throws(HTTPParseError) -> Int {
        guard start < end, bytes[start] == HTTPBytes.quote else {
            var index = start
            while index < end && HTTPBytes.isTokenChar(bytes[index]) { index += 1 }
            guard index > start else { throw .badRequest("invalid chunk extension") }
            return index
        }
        // quoted-string (RFC 9110 §5.6.4): qdtext or a backslash-escaped character.
        var index = start + 1
        while index < end {
            let byte = bytes[index]
            if byte == HTTPBytes.quote { return index + 1 }
            if byte == HTTPBytes.backslash { index += 1 }
            guard index < end, HTTPBytes.isFieldValueChar(bytes[index]) else { break }
            index += 1
        }
        throw .badRequest("invalid quoted string in chunk extension")
    }

    static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end && HTTPBytes.isWhitespace(bytes[index]) { index += 1 }
        return index
    }
}

extension HTTPRequestParser {
    /// The longest chunk-size line accepted, extensions included.
    static let maxChunkSizeLineBytes = 4096

    /// Decodes as much of a chunked body as is buffered. Returns the body once the last chunk
    /// and the trailer section are in, nil while more bytes are needed.
    mutating func decodeChunkedBody() throws(HTTPParseError) -> [UInt8]? {
        while true {
            switch chunked.state {
            case .size:
                switch scanLine(maxContent: Self.maxChunkSizeLineBytes) {
                case .needMore: return nil
                case .tooLong: throw .badRequest("chunk-size line too long")
                case let .line(start, end, next):
                    let size = try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) in
                        try ChunkedBodyDecoder.parseSizeLine(bytes, start..<end)
                    }
                    // Refuse as soon as the announced chunk would exceed the limit.
                    guard size <= limits.maxBodyBytes - chunked.body.count else { throw .payloadTooLarge }
                    consume(upTo: next)
                    chunked.state = size == 0 ? .trailers : .data(remaining: size)
                }
            case .data(let remaining):
                let count = min(remaining, buffer.count - readIndex)
                guard count > 0 else { return nil }
                chunked.body.append(contentsOf: buffer[readIndex..<readIndex + count])
                consume(upTo: readIndex + count)
                chunked.state = count == remaining ? .dataEnd : .data(remaining: remaining - count)
            case .dataEnd:
                // chunk-data is followed by CRLF; a bare LF is accepted as for every line (§2.2).
                guard readIndex < buffer.count else { return nil }
                var next = readIndex
                if buffer[next] == HTTPBytes.cr {
                    guard next + 1 < buffer.count else { return nil }
                    next += 1
                }
                guard buffer[next] == HTTPBytes.lf else { throw .badRequest("missing CRLF after chunk data") }
                consume(upTo: next + 1)
                chunked.state = .size
            case .trailers:
                guard try readTrailerSection() else { return nil }
                let body = chunked.body
                chunked = ChunkedBodyDecoder()
                return body
            }
        }
    }

    /// Reads trailer fields (RFC 9112 §7.1.2): checked like header fields and counted toward
    /// the header limit, then discarded. Returns true after the empty line that ends them.
    mutating func readTrailerSection() throws(HTTPParseError) -> Bool {
        while true {
            let remaining = limits.maxHeaderBytes - head.headerBytes
            switch scanLine(maxContent: remaining > 0 ? remaining - 1 : 0) {
            case .needMore: return false
            case .tooLong: throw .headersTooLarge
            case let .line(start, end, next):
                consume(upTo: next)
                if start == end { return true }
                guard next - start <= remaining else { throw .headersTooLarge }
                _ = try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) in
                    try HeaderFieldSyntax.split(bytes, start..<end)
                }
                head.headerBytes += next - start
            }
        }
    }
}
