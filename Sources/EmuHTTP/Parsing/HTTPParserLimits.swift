/// The size limits the request parser enforces; each is a documented server option.
public struct HTTPParserLimits: Sendable, Equatable {
    /// Longest request line (method, target, version), excluding CRLF. Beyond it: 414.
    public var maxRequestLineBytes: Int
    /// Most bytes of header fields (everything after the request line up to the blank line). Beyond it: 431.
    public var maxHeaderBytes: Int
    /// Largest body, declared or chunked. Beyond it: 413.
    public var maxBodyBytes: Int

    public init(maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 64 * 1024, maxBodyBytes: Int = 20 * 1024 * 1024) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }
}

/// Why a request could not be parsed. Every case maps to the status the server answers with;
/// after any of them the connection is closed, because framing can no longer be trusted.
public enum HTTPParseError: Error, Equatable, Sendable {
    /// Malformed syntax (bad request line, bad or duplicate Content-Length, both Content-Length
    /// and Transfer-Encoding, bad chunk, bad header line, ...). The string says what, for logs.
    case badRequest(String)
    case requestLineTooLong
    case headersTooLarge
    case payloadTooLarge
    /// A transfer coding other than `chunked`.
    case notImplemented(String)
    case versionNotSupported

    /// The response status for this error.
    public var status: Int {
        switch self {
        case .badRequest: return 400
        case .requestLineTooLong: return 414
        case .headersTooLarge: return 431
        case .payloadTooLarge: return 413
        case .notImplemented: return 501
        case .versionNotSupported: return 505
        }
    }
}

/// What the parser has to report after being fed bytes.
public enum HTTPParserEvent: Sendable {
    /// The head of a request carrying `Expect: 100-continue` was parsed and its body is not yet
    /// complete: the server should send `100 Continue` now. Reported at most once per request.
    case continueExpected
    /// A complete request, body included.
    case request(HTTPRequest)
}
