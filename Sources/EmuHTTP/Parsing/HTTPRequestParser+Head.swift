#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPRequestParser {
    /// Reads the request line, skipping empty lines before it. Returns false when more bytes
    /// are needed.
    mutating func parseRequestLine() throws(HTTPParseError) -> Bool {
        if head.skippedBytes == 0 {
            if try repeatHeadWhole() { return true }
            if try repeatHeadButChangedValues() { return true }
        }
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
                (head.version, head.line) = try Self.reading(buffer, previous) { (bytes, previous) throws(HTTPParseError) in
                    try RequestLine.parse(bytes, start..<end, repeating: previous)
                }
                head.start = start
                head.requestLineLength = end - start
                consume(upTo: next)
                stage = .headerFields
                return true
            }
        }
    }

    /// When the buffer starts with the previous head byte for byte (request line, field lines,
    /// terminators and the empty line), that head is read at once: the same bytes parse to the
    /// same request line, fields and facts, and passed the same limits. One `memcmp` instead
    /// of a scan, a comparison and a role per line (~1,600 instructions a repeated signed
    /// request, issue 31). A head that differs anywhere (another sign, a bare LF) is read line
    /// by line as before, having cost the comparison up to its first difference.
    mutating func repeatHeadWhole() throws(HTTPParseError) -> Bool {
        let start = readIndex
        let length = try Self.reading(buffer, previous) { (bytes, previous) in previous.headRepeated(in: bytes, at: start) }
        guard length > 0 else { return false }
        head.version = previous.request.version
        head.repeatedFields = previous.request.headers.fields.count
        head.headerBytes = previous.fieldBytes
        head.facts = previous.facts
        head.requestLineLength = previous.requestLineLength
        head.start = start
        consume(upTo: start + length)
        try finishHead()
        return true
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
                let fieldIndex = head.fieldCount
                // A line the previous head had at this place is its field again (`KeptFieldLines`).
                let repeated = try Self.reading(buffer, previous) { (bytes, previous) throws(HTTPParseError) in
                    previous.lines.repeats(start..<end, in: bytes, at: fieldIndex)
                }
                if repeated {
                    try previous.lines.record(at: fieldIndex, in: &head.facts)
                    head.addRepeated(previous)
                } else {
                    try readField(start..<end)
                }
                head.headerBytes += next - start
                consume(upTo: next)
            }
        }
    }

    /// Reads a field line that does not repeat the previous head's at its place.
    mutating func readField(_ line: Range<Int>) throws(HTTPParseError) {
        let (role, field) = try Self.reading(buffer, previous) { (bytes, _) throws(HTTPParseError) in
            try HeaderFieldSyntax.parse(bytes, line)
        }
        try head.facts.record(role)
        buffer.withUnsafeBufferPointer { head.add(field, line: line, in: $0, role: role, previous: previous) }
    }

    /// Runs `body` over the buffer's bytes and the previous head, both borrowed: a closure that
    /// read `previous` from `self` copied it (five retains and releases per request line and field).
    @inline(__always)
    static func reading<T>(_ buffer: [UInt8], _ previous: RepeatedHead,
                           _ body: (UnsafeBufferPointer<UInt8>, RepeatedHead) throws(HTTPParseError) -> T) throws(HTTPParseError) -> T {
        try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) in try body(bytes, previous) }
    }

    /// Decides the body framing once the whole head is in (RFC 9112 §6.3).
    mutating func finishHead() throws(HTTPParseError) {
        head.fieldBytes = head.headerBytes
        head.length = head.start < 0 ? 0 : readIndex - head.start
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

// MARK: - PendingHead, what the head gathers

/// The parts of a request gathered while its head is read.
struct PendingHead {
    /// The request line, once it differs from the previous request's; nil while it repeats it.
    var line: RequestLine?
    var version = HTTPVersion.http1_1
    /// The fields read so far, once one of them differs from the previous request's; until then
    /// empty, and `repeatedFields` counts the leading fields that repeat it.
    var fields: [HTTPHeaders.Field] = []
    var repeatedFields = 0
    /// Bytes of empty lines skipped before the request line.
    var skippedBytes = 0
    /// Bytes of field lines so far, terminators included; trailers add to it.
    var headerBytes = 0
    /// `headerBytes` once the head was complete (without trailers).
    var fieldBytes = 0
    /// The request line's length, terminator excluded.
    var requestLineLength = 0
    /// Where the request line starts in the parser's buffer, while its bytes are there: -1
    /// once a compaction dropped them (the head is then not kept whole for the next request).
    var start = -1
    /// The head's length in bytes, request line to empty line, once it is complete.
    var length = 0
    /// What the fields said about Host, framing and Expect.
    var facts = HeadFacts()
    /// How the body is delimited; decided once the head is complete.
    var framing = BodyFraming.none
    /// Whether the client awaits `100 Continue` before sending the body.
    var expectsContinue = false
    var continueReported = false
    /// Whether the previous request's kept head (`RepeatedHead.head`) already holds this head's
    /// bytes: `repeatHeadButChangedValues` wrote each changed line of the same length over its old one.
    /// (Beside the other flags: in their padding, the pending head keeps its size.)
    var headKept = false

    /// How many fields have been read.
    var fieldCount: Int { fields.isEmpty ? repeatedFields : fields.count }

    /// The field lines read so far, once one of them differs from the previous request's (as
    /// `fields`); until then empty.
    var lines = KeptFieldLines()

    /// Adds the previous request's field at this place, whose line this one repeats.
    mutating func addRepeated(_ previous: RepeatedHead) {
        if fields.isEmpty { return repeatedFields += 1 }
        lines.append(previous.lines, fields.count..<fields.count + 1)
        fields.append(previous.request.headers.fields[fields.count])
    }

    /// Adds a field read anew from `line`, with its role.
    mutating func add(_ field: HTTPHeaders.Field, line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>,
                      role: FieldRole, previous: RepeatedHead) {
        if fields.isEmpty {
            fields.reserveCapacity(16)
            fields.append(contentsOf: previous.request.headers.fields[..<repeatedFields])
            lines.append(previous.lines, 0..<repeatedFields)
        }
        fields.append(field)
        lines.append(line, in: bytes, role: role)
    }

    /// The field lines of the head, once complete.
    func allLines(_ previousLines: KeptFieldLines) -> KeptFieldLines {
        fields.isEmpty ? previousLines.prefix(repeatedFields) : lines
    }

    /// Whether the head is the previous request's, line, version and fields.
    func repeatsAll(_ previous: HTTPRequest) -> Bool {
        line == nil && fields.isEmpty && version == previous.version && repeatedFields == previous.headers.fields.count
    }
}

// MARK: - RepeatedHead, what the previous head left

/// The previous request on this connection, so that the next one may share its strings: a
/// keep-alive client repeats most of its head (Host, User-Agent, the app id, the session
/// token, often the whole line), and a repeated field then costs a byte comparison instead of
/// two strings and, when every field repeats, the field array too; a request that repeats the
/// whole of it, body included, is the same value (`HTTPRequestParser.finishRequest`).
struct RepeatedHead {
    /// The previous request; an empty one (no method, no fields) when none is kept.
    var request: HTTPRequest
    /// Its field lines as they arrived, one for each of its fields.
    var lines: KeptFieldLines
    /// A head whose bytes parse to `request`'s line, version and fields with `facts` and
    /// `fieldBytes` (`HTTPRequestParser.repeatHeadWhole`): its own as it arrived, or an earlier
    /// one the request repeated. Empty when not known.
    var head: [UInt8] = []
    var facts = HeadFacts()
    var fieldBytes = 0
    /// The length of `head`'s request line, terminator excluded.
    var requestLineLength = 0

    /// Nothing kept: its allocation shared by every connection.
    init() {
        request = Self.nothing
        lines = KeptFieldLines()
    }

    /// The kept head's length when `bytes` hold it from `start` on, else 0.
    func headRepeated(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        head.withUnsafeBufferPointer { head in
            guard let kept = head.baseAddress, let base = bytes.baseAddress, bytes.count - start >= head.count,
                  memcmp(kept, base + start, head.count) == 0 else { return 0 }
            return head.count
        }
    }

    private static let nothing = HTTPRequest(method: "", target: "", path: "")

    /// Requests larger than this (target, field lines and body) are not kept for the next
    /// request: a client's usual head is well under 1 KiB.
    static let maxKeptBytes = 4 * 1024

    /// Whether `string` holds exactly `bytes[range]`: one `memcmp` (every field of every
    /// keep-alive request asks, and the generic `elementsEqual` went byte by byte).
    static func matches(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard string.utf8.count == range.count else { return false }
        guard let base = bytes.baseAddress, !range.isEmpty else { return range.isEmpty }
        return string.utf8.withContiguousStorageIfAvailable { own in
            memcmp(own.baseAddress!, base + range.lowerBound, range.count) == 0
        } ?? false
    }

    /// Whether a request line's method and target are the previous request's.
    func repeatsLine(method: Range<Int>, target: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.matches(request.target, bytes, target) && Self.matches(request.method, bytes, method)
    }
}
