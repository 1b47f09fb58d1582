/// An incremental HTTP/1.1 request parser (RFC 9112). It takes bytes, not sockets: feed it
/// whatever arrived, then call `next()` until it returns nil.
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

    public let limits: HTTPParserLimits
    public private(set) var phase: Phase = .idle

    public init(limits: HTTPParserLimits = HTTPParserLimits()) {
        self.limits = limits
    }

    /// Buffers bytes that arrived from the peer.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        fatalError("TODO")
    }

    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Bytes buffered but not yet consumed by a returned event.
    public var bufferedByteCount: Int { 0 }

    /// The next event, or nil when more bytes are needed. After a thrown error the parser is
    /// poisoned: the caller answers with `error.status` and closes the connection.
    public mutating func next() throws -> HTTPParserEvent? {
        fatalError("TODO")
    }
}
