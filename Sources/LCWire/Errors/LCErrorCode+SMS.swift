// Spec §9, codes 600–700: SMS and captcha (§7) and query keys, messages verbatim from the table.

extension LCErrorCode {
    /// 600 — invalid SMS signature.
    public static let invalidSMSSignature = LCErrorCode(code: 600, message: "Invalid SMS signature.", httpStatus: 400)
    /// 601 — SMS sent too often for this number.
    public static let smsTooFrequent = LCErrorCode(code: 601, message: "Can't send SMS too frequently.", httpStatus: 400)
    /// 602 — the SMS provider failed.
    public static let smsSendFailed = LCErrorCode(code: 602, message: "Fails to send message.", httpStatus: 400)
    /// 603 — wrong, expired or reused SMS code.
    public static let invalidSMSCode = LCErrorCode(code: 603, message: "Invalid SMS code.", httpStatus: 400)
    /// 604 — SMS template not found.
    public static let smsTemplateNotFound = LCErrorCode(code: 604, message: "SMS template not found.", httpStatus: 400)
    /// 605 — SMS template not verified.
    public static let smsTemplateNotVerified = LCErrorCode(code: 605, message: "SMS template not verified.", httpStatus: 400)
    /// 606 — SMS template failed to render.
    public static let smsTemplateRenderFailed = LCErrorCode(
        code: 606, message: "Fails to render SMS template.", httpStatus: 400)
    /// 608 — captcha `validate_token` required but missing (§7.1).
    public static let missingValidateToken = LCErrorCode(code: 608, message: "Missing validate token.", httpStatus: 400)
    /// 700 — unknown query or sort key.
    public static let nonexistentQueryKeys = LCErrorCode(code: 700, message: "Nonexistent query keys", httpStatus: 400)
}
