#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An incremental HTTP/1.1 request parser (RFC 9112). It takes bytes, not sockets: feed it
/// whatever arrived, then call `next()` until it returns nil.
///
/// ```swift
/// var parser = HTTPRequestParser()
/// parser.append(contentsOf: Array("GET /1.1/date HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
/// while let event = try parser.next() {
///     switch event {
///     case .continueExpected: send100Continue()
///     case .request(let request): handle(request)
///     }
/// }
/// ```
///
/// Several pipelined requests may be buffered at once; each `next()` reports the next event.
/// The parser keeps one byte buffer with a read offset and compacts it only when the consumed
/// prefix is large, so steady keep-alive traffic does not move bytes around.
public struct HTTPRequestParser {
    /// Where the parser stands in the current request; the server picks deadlines from it.
    public enum Phase: Equatable, Sendable {
        /// No byte of a next request is buffered.
        case idle
        /// Reading the request line and header fields.
        case head
        /// Head parsed, reading the body.
        case body
    }

    /// What the parser is reading next.
    enum Stage {
        case requestLine, headerFields, body
    }

    /// The limits this parser enforces.
    public let limits: HTTPParserLimits
    /// Whether its bytes arrived over TLS: every request it reports says so (`HTTPRequest.isSecure`).
    public let isSecure: Bool
    /// Where the parser stands; updated by `append` and `next()`.
    public private(set) var phase: Phase = .idle

    /// Received bytes; those before `readIndex` are consumed and wait for compaction.
    var buffer: [UInt8] = []
    /// The first unconsumed byte of `buffer`.
    var readIndex = 0
    /// Where the search for the next LF resumes; `readIndex..<scanIndex` is known to hold none.
    var scanIndex = 0
    var stage: Stage = .requestLine
    /// The request being assembled; reset after each `.request` event.
    var head = PendingHead()
    /// The previous request's head, whose strings a repeating request shares.
    var previous = RepeatedHead()
    /// Where the first line a head changed in value started (`repeatHeadButChangedValues`): the next
    /// head is compared with one `memcmp` up to there first. A hint: wrong, it costs that call.
    var changedLineStart = 0
    var chunked = ChunkedBodyDecoder()
    /// Set by the first error; every later `next()` rethrows it.
    var failure: HTTPParseError?

    /// A consumed prefix at least this long (and at least as long as the rest) is compacted away.
    static let compactionThreshold = 16 * 1024
    /// A fully consumed buffer keeps its storage unless a large body inflated it beyond this.
    static let retainedCapacity = 256 * 1024

    /// Creates a parser that enforces `limits`, for bytes that arrived over TLS or not.
    public init(limits: HTTPParserLimits = HTTPParserLimits(), isSecure: Bool = false) {
        self.limits = limits
        self.isSecure = isSecure
    }

    /// Buffers bytes that arrived from the peer.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        // A poisoned parser never reads again; keeping more bytes would only waste memory.
        guard failure == nil, !bytes.isEmpty else { return }
        if readIndex == buffer.count && buffer.capacity <= Self.retainedCapacity {
            // Everything consumed (a keep-alive client's usual case): the new bytes take the old
            // ones' place in one replacement, where emptying then appending was two (~100
            // instructions a read, issue 31).
            bytes.withMemoryRebound(to: UInt8.self) { buffer.replaceSubrange(0..<buffer.count, with: $0) }
            readIndex = 0
            scanIndex = 0
            head.start = -1  // a head half read lost its first lines
        } else {
            compactIfWorthwhile()
            bytes.withMemoryRebound(to: UInt8.self) { buffer.append(contentsOf: $0) }
        }
        if phase == .idle { phase = .head }
    }

    /// Buffers bytes that arrived from the peer.
    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Bytes buffered but not yet consumed by a returned event.
    ///
    /// Between events this is exactly the bytes of requests not yet reported. While a head or a
    /// chunked body is half read, lines and chunks already parsed into the pending request are
    /// no longer counted.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// The next event, or nil when more bytes are needed. After a thrown error the parser is
    /// poisoned: the caller answers with `error.status` and closes the connection.
    public mutating func next() throws -> HTTPParserEvent? {
        if let failure { throw failure }
        do {
            let event = try step()
            updatePhase()
            return event
        } catch {
            failure = error
            updatePhase()
            throw error
        }
    }

    /// Advances through the stages until an event is ready or the buffer runs dry.
    mutating func step() throws(HTTPParseError) -> HTTPParserEvent? {
        while true {
            switch stage {
            case .requestLine:
                guard try parseRequestLine() else { return nil }
            case .headerFields:
                guard try parseHeaderFields() else { return nil }
            case .body:
                return try readBody()
            }
        }
    }

    /// Derives the public phase from the stage and what is buffered.
    mutating func updatePhase() {
        switch stage {
        case .requestLine: phase = readIndex == buffer.count ? .idle : .head
        case .headerFields: phase = .head
        case .body: phase = .body
        }
    }

    /// Drops consumed bytes when that is cheap: always when nothing is left, otherwise only once
    /// the consumed prefix is large, so that moving the rest is paid for by what was consumed.
    mutating func compactIfWorthwhile() {
        if readIndex == buffer.count {
            if buffer.capacity > Self.retainedCapacity {
                buffer = []
            } else {
                buffer.removeAll(keepingCapacity: true)
            }
            readIndex = 0
            scanIndex = 0
            head.start = -1  // a head half read lost its first lines
        } else if readIndex >= Self.compactionThreshold && readIndex >= buffer.count - readIndex {
            buffer.removeSubrange(0..<readIndex)
            scanIndex -= readIndex
            readIndex = 0
            head.start = -1
        }
    }
}

// MARK: - Lines

extension HTTPRequestParser {
    /// The outcome of looking for the line that starts at `readIndex`.
    enum LineScan {
        /// A complete line: its content is `start..<end` (terminator excluded) and the next
        /// line starts at `next`.
        case line(start: Int, end: Int, next: Int)
        /// No terminator yet, and what is buffered may still become an acceptable line.
        case needMore
        /// The content is already known to exceed the allowed length.
        case tooLong
    }

    /// Finds the line starting at `readIndex` whose content may hold at most `maxContent` bytes.
    ///
    /// Lines end in CRLF or, leniently, a bare LF (RFC 9112 §2.2). A CR elsewhere stays in the
    /// content, where the grammar checks reject it. The search resumes at `scanIndex`, so a line
    /// fed one byte at a time costs linear rather than quadratic time, and it never looks further
    /// than `maxContent + 2` bytes: an over-long line is refused as soon as that is certain,
    /// without waiting for (or buffering up to) a terminator that may never come.
    mutating func scanLine(maxContent: Int) -> LineScan {
        let maxContent = max(maxContent, 0)
        let start = readIndex
        let available = buffer.count - start
        // Content, CR and LF: beyond that a line without LF can never be acceptable.
        let scanEnd = available - 2 > maxContent ? start + maxContent + 2 : buffer.count
        let lf = buffer.withUnsafeBufferPointer { Self.indexOfLF(in: $0, from: scanIndex, to: scanEnd) }
        if let lf {
            let end = lf > start && buffer[lf - 1] == HTTPBytes.cr ? lf - 1 : lf
            return end - start > maxContent ? .tooLong : .line(start: start, end: end, next: lf + 1)
        }
        scanIndex = max(scanEnd, start)
        let pending = scanEnd - start
        if pending <= maxContent { return .needMore }
        // Exactly maxContent bytes of content plus a CR may still be completed by an LF.
        if pending == maxContent + 1 && buffer[scanEnd - 1] == HTTPBytes.cr { return .needMore }
        return .tooLong
    }

    /// Marks every byte before `index` as consumed.
    @inline(__always)
    mutating func consume(upTo index: Int) {
        readIndex = index
        scanIndex = index
    }

    /// The index of the first LF in `from..<to`, found with `memchr`.
    @inline(__always)
    static func indexOfLF(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(HTTPBytes.lf), to - from) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
}
