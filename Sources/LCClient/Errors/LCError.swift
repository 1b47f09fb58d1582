import Foundation
import LCWire

/// A failed call: the server's `{"code","error"}` with the HTTP status, or a transport failure.
///
/// ```swift
/// do { try await LCUser.logIn(username: "tom", password: "wrong", in: app) }
/// catch let error as LCError where error.code == .usernamePasswordMismatch { … }
/// ```
public struct LCError: Error, Sendable, CustomStringConvertible {
    /// The LeanCloud error code (`code` of the body), or a client-side code for transport and
    /// decoding failures (`.connectionFailed`, `.timedOut`, `.invalidResponse`).
    public var code: Code
    /// The server's `error` text, or a description of the client-side failure.
    public var message: String
    /// The HTTP status of the response; nil when no response arrived.
    public var httpStatus: Int?
    /// The transport's own error when the request never got an answer.
    public var underlyingError: (any Error)?

    public init(code: Code, message: String, httpStatus: Int? = nil, underlyingError: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.underlyingError = underlyingError
    }

    /// Reads a LeanCloud error body; a body without `code` keeps the HTTP status as the code.
    init(status: Int, body: JSON?) {
        if let body, let code = body["code"]?.intValue {
            self.init(code: Code(rawValue: code), message: body["error"]?.stringValue ?? "", httpStatus: status)
        } else {
            self.init(code: Code(rawValue: status), message: "HTTP \(status) without a LeanCloud error body.", httpStatus: status)
        }
    }

    /// Wraps an error of the transport (URLError and the like).
    static func transport(_ error: any Error) -> LCError {
        let timedOut = (error as? URLError)?.code == .timedOut
        return LCError(code: timedOut ? .timedOut : .connectionFailed,
                       message: timedOut ? "The request timed out." : "The connection to the server failed: \(error)",
                       underlyingError: error)
    }

    /// Whether this is a transport failure (no HTTP answer).
    public var isTransportError: Bool { httpStatus == nil && underlyingError != nil }

    public var description: String {
        let status = httpStatus.map { " (HTTP \($0))" } ?? ""
        return "LCError \(code.rawValue)\(status): \(message)"
    }
}
