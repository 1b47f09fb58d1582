import EmuSQLite
import LCWire

/// A failure the API reports to the client in LeanCloud's format, `{"code":N,"error":"…"}`.
/// Handlers throw it; the one error boundary in `Pipeline` renders it.
public struct APIError: Error, Sendable {
    public var code: LCErrorCode
    /// Extra response headers, e.g. the auth diagnostic header.
    public var headers: [(String, String)] = []

    public init(_ code: LCErrorCode, headers: [(String, String)] = []) {
        self.code = code
        self.headers = headers
    }
}

/// What is wrong with a test-side input (a function stub, a fault), in words the admin handler
/// puts into its `400` code 1 answer.
package struct InvalidInput: Error {
    package let detail: String
    package init(_ detail: String) { self.detail = detail }
}

extension APIError {
    /// The API error a handler threw: an `APIError`, or a bare `LCErrorCode` (LCWire documents
    /// `throw LCErrorCode.objectNotFound`), which answers exactly as `APIError(code)`, or a
    /// failure of the storage itself (StorageFailure.swift). Nil for anything else, which is a bug.
    package init?(thrown error: Error) {
        switch error {
        case let apiError as APIError: self = apiError
        case let code as LCErrorCode: self.init(code)
        case let sqlite as SQLiteError:
            guard let code = StorageFailure.code(for: sqlite) else { return nil }
            self.init(code)
        default: return nil
        }
    }
}

extension APIError {
    /// What a failure answers at an error boundary (the pipeline's, a resource route's):
    /// `init?(thrown:)`'s error, else code 1 "Internal server error" carrying the request's id
    /// (in the body and `X-LCEmu-Request-Id`). A storage failure or a bug is logged for the
    /// operator, `failing` naming what failed; the client never sees more than its code.
    package init(answering error: Error, requestId: String, failing: @autoclosure () -> String, logger: Logger) {
        if let apiError = APIError(thrown: error) {
            // A full disk or a damaged file: the client is told; the operator reads it here.
            if error is SQLiteError { logger.error("request \(requestId) \(failing()): storage failed: \(error)") }
            self = apiError
        } else {
            logger.error("request \(requestId) \(failing()) failed: \(error)")
            self.init(.internalServerError(requestId: requestId), headers: [("X-LCEmu-Request-Id", requestId)])
        }
    }
}
