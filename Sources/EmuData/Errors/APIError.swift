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
    /// failure of the storage itself (`StorageFailure`, in AppDatabase.swift). Nil for anything else, which is a bug.
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
            // (An app dropped under the request is the test's doing, not the storage's: not logged.)
            if let sqlite = error as? SQLiteError, !sqlite.isClosed {
                logger.error("request \(requestId) \(failing()): storage failed: \(sqlite)")
            }
            self = apiError
        } else {
            logger.error("request \(requestId) \(failing()) failed: \(error)")
            self.init(.internalServerError(requestId: requestId), headers: [("X-LCEmu-Request-Id", requestId)])
        }
    }
}

// MARK: - Codes the emulator words

/// Errors the emulator answers that the LeanCloud table does not name. Their shapes follow the
/// table's conventions; the choices are recorded in docs/compatibility.md.
extension LCErrorCode {
    /// No route for this path.
    package static let routeNotFound = LCErrorCode(code: 404, message: "The requested resource was not found.", httpStatus: 404)
    /// The path exists, but not for this method.
    package static let methodNotAllowed = LCErrorCode(code: 405, message: "Method not allowed.", httpStatus: 405)

    /// An unexpected failure: code 1 as on the real service, with the id found in the server log.
    package static func internalServerError(requestId: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: "Internal server error. No information available. Request id: \(requestId).", httpStatus: 500)
    }

    /// A bad parameter: code 1 with a precise message, as LeanCloud does for bad parameters (§9).
    package static func invalidParameter(_ message: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: message, httpStatus: 400)
    }
}
