import LCWire

/// SMS errors the LeanCloud table leaves open; choices recorded in docs/compatibility.md
/// ("Captcha and SMS").
extension LCErrorCode {
    /// spec §7.2: the per-number 10-second window, code 1 with the service's wording.
    static let smsTooFast = LCErrorCode(code: 1, message: "SMS request too fast(1 request per 10s).", httpStatus: 400)
}
