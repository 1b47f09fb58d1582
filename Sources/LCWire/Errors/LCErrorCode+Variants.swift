// Second wordings of codes the table lists once, and messages that name an object or field.

extension LCErrorCode {
    /// 403 — update/delete denied by the object's ACL (§2.5, §6.2).
    public static let forbiddenWritingByACL = LCErrorCode(
        code: 403, message: "Forbidden writing by object's ACL.", httpStatus: 403)
    /// 403 — fetch denied by the object's ACL (§2.4; code and status unconfirmed, 403 likely).
    public static let forbiddenReadingByACL = LCErrorCode(
        code: 403, message: "Forbidden reading by object's ACL.", httpStatus: 403)
    /// 605 — no default SMS signature configured.
    public static let smsSignNotVerified = smsTemplateNotVerified.with(message: "SMS sign not verified")
    /// 1 — a generic SMS request within 10 s of the last one for that number (§7.2).
    public static let smsRequestTooFast = internalServerError.with(message: "SMS request too fast(1 request per 10s).")

    /// 105 worded as the live server does, naming the column (§2.2):
    /// `Invalid key name. Keys are case-sensitive and 'a-zA-Z0-9_' are the only valid characters. The column is: 'invalid?'.`
    public static func invalidKeyName(column: String) -> LCErrorCode {
        invalidKeyName.with(
            message: "Invalid key name. Keys are case-sensitive and 'a-zA-Z0-9_' are the only valid characters. The column is: '\(column)'.")
    }

    /// 1 — an update of an id that does not exist, as the batch example words it (§2.5, §4.1).
    /// The status of a direct PUT is unconfirmed; we answer 404.
    public static func objectNotFound(objectId: String, className: String) -> LCErrorCode {
        LCErrorCode(
            code: 1, message: "Could not find object by id '\(objectId)' for class '\(className)'.", httpStatus: 404)
    }

    /// 403 — the ACL variant that names the object (§2.5).
    public static func forbiddenWritingByACL(objectId: String) -> LCErrorCode {
        forbiddenWritingByACL.with(message: "Forbidden writing by object's ACL, the object id is \(objectId).")
    }
}
