import LCWire

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
