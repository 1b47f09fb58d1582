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
                let line = try Self.reading(buffer, previous) { (bytes, previous) throws(HTTPParseError) in
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
                let fieldIndex = head.fieldCount
                let (field, repeated) = try Self.reading(buffer, previous) { (bytes, previous) throws(HTTPParseError) in
                    try HeaderFieldSyntax.parse(bytes, start..<end, repeating: previous, at: fieldIndex)
                }
                head.headerBytes += next - start
                try head.facts.record(field.role)
                head.add(field, repeated: repeated, previous: previous)
                consume(upTo: next)
            }
        }
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

    /// How many fields have been read.
    var fieldCount: Int { fields.isEmpty ? repeatedFields : fields.count }

    /// Adds a field read; `repeated` when it is `previous`'s field at this place.
    mutating func add(_ field: HeaderField, repeated: Bool, previous: RepeatedHead) {
        if repeated && fields.isEmpty {
            repeatedFields += 1
            return
        }
        if fields.isEmpty {
            fields.reserveCapacity(16)
            fields.append(contentsOf: previous.fields[..<repeatedFields])
        }
        fields.append((name: field.name, value: field.value))
    }

    /// The head's fields: the previous request's array itself when every field repeated it.
    func allFields(repeating previous: RepeatedHead) -> [HTTPHeaders.Field] {
        if !fields.isEmpty { return fields }
        return repeatedFields == previous.fields.count ? previous.fields : Array(previous.fields[..<repeatedFields])
    }
}

// MARK: - RepeatedHead, what the previous head left

/// What the previous request on this connection carried, so that the next one may share its
/// strings: a keep-alive client repeats most of its head (Host, User-Agent, the app id, the
/// session token, often the whole line), and a repeated field then costs a byte comparison
/// instead of two strings and, when every field repeats, the field array too.
struct RepeatedHead {
    var method = ""
    var target = ""
    var path = ""
    var query: [(name: String, value: String)] = []
    var fields: [HTTPHeaders.Field] = []

    /// Heads larger than this (target and field lines) are not kept for the next request: a
    /// client's usual head is well under 1 KiB.
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

    /// The previous request's field at `index` when the line's name and value repeat it.
    func field(at index: Int, name: Range<Int>, value: Range<Int>,
               in bytes: UnsafeBufferPointer<UInt8>) -> HTTPHeaders.Field? {
        guard index < fields.count else { return nil }
        let previous = fields[index]
        guard Self.matches(previous.value, bytes, value), Self.matches(previous.name, bytes, name) else { return nil }
        return previous
    }
}
