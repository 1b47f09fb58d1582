import LCWire

/// Errors of the outbox, clock, captcha and SMS endpoints that the LeanCloud table leaves open;
/// choices recorded in docs/compatibility.md ("Captcha and SMS").
extension LCErrorCode {
    /// A bad parameter: code 1 with a precise message, as LeanCloud does for bad parameters (§9).
    static func invalidParameter(_ message: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: message, httpStatus: 400)
    }

    /// spec §7.2: the per-number 10-second window, code 1 with the service's wording.
    static let smsTooFast = LCErrorCode(code: 1, message: "SMS request too fast(1 request per 10s).", httpStatus: 400)

    /// Wrong, expired or used captcha code or token (spec §7.1 leaves the code open; code 1 is the
    /// table's catch-all for bad parameters, see compatibility.md).
    static let invalidCaptchaCode = LCErrorCode(code: 1, message: "Invalid captcha code.", httpStatus: 400)

    /// A `validate_token` that verifyCaptcha never issued, was already used, or expired.
    static let invalidValidateToken = LCErrorCode(code: 1, message: "Invalid validate token.", httpStatus: 400)
}
