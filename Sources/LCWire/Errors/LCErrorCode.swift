/// A LeanCloud error: the `code` and `error` of the body `{"code":N,"error":"…"}` plus the
/// HTTP status the emulator answers with (spec §1.5, §9).
///
/// Every code of the spec's table is a static constant (`LCErrorCode+Table.swift`), with the
/// table's message and status; where the table offers two statuses (`403/400`) we take the
/// first, where it says "400 (500 for true internal)" we take 400. Throw one from a handler
/// and render `body`:
///
/// ```swift
/// throw LCErrorCode.objectNotFound
/// LCErrorCode.unauthorized.body.jsonString   // {"code":401,"error":"Unauthorized."}
/// LCErrorCode.invalidKeyName(column: "a?")   // 105 with the column named
/// ```
public struct LCErrorCode: Error, Hashable, Sendable {
    /// The LeanCloud error number, e.g. 101.
    public var code: Int
    /// The English message, e.g. `Class or object doesn't exists.`.
    public var message: String
    /// The HTTP status of the response; 0 for client-side codes a server never sends (100, 120).
    public var httpStatus: Int

    /// An error with an explicit code, message and status.
    public init(code: Int, message: String, httpStatus: Int) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
    }

    /// The same code and status with another message, for the variants the server words
    /// differently (`Forbidden writing by object's ACL, the object id is …`).
    public func with(message: String) -> LCErrorCode {
        LCErrorCode(code: code, message: message, httpStatus: httpStatus)
    }

    /// The response body, `code` first then `error`, as the real server orders them.
    public var body: JSON {
        [LCWireKey.code: .number(Double(code)), LCWireKey.error: .string(message)]
    }

    /// Reads an error body as a client receives it, keeping the response's status.
    ///
    /// Nil unless the body is an object with an integral `code`; a missing `error` reads as "".
    public init?(body: JSON, httpStatus: Int) {
        guard let code = body[LCWireKey.code]?.intValue else { return nil }
        self.init(code: code, message: body[LCWireKey.error]?.stringValue ?? "", httpStatus: httpStatus)
    }
}

extension LCErrorCode: CustomStringConvertible {
    /// `<code> <message>`, for logs.
    public var description: String { "\(code) \(message)" }
}

// MARK: - Variants

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

// MARK: - Refused JSON

extension LCErrorCode {
    /// 107 for JSON that was refused, naming the problem and its byte offset, e.g.
    /// `Malformed json object. Invalid UTF-8 at byte 12 of the where parameter.` `source` names
    /// what held the text when it was not the body.
    public static func malformedJSON(_ error: JSONParseError, in source: String? = nil) -> LCErrorCode {
        let place = source.map { " of \($0)" } ?? ""
        return malformedJSON.with(message: "Malformed json object. \(error.message) at byte \(error.offset)\(place).")
    }
}

// MARK: - Lookup by code

extension LCErrorCode {
    /// One canonical error per code of the spec's table (§9), in code order.
    ///
    /// Codes with several wordings (403, 605, 1) appear once, with the table's first message.
    public static let all: [LCErrorCode] = [
        internalServerError, connectionFailed, objectNotFound, invalidClassName, missingObjectId,
        invalidKeyName, malformedPointer, malformedJSON, internalOnlyFeature, forbiddenByBindingClass,
        incorrectFieldType, invalidChannelName, requiredKeyMissing, invalidDeviceToken, objectTooLarge,
        readOnlyKey, operationForbiddenForClients, cacheMiss, invalidNestedKey, invalidFileName,
        invalidACL, serverTimeout, invalidEmail, invalidUserId, invalidMobilePhoneNumber,
        invalidRelationData, duplicateValue, invalidRoleName, quotaExceeded, engineTimeout,
        cloudCodeValidationFailed, paymentDisabled, imageConversionFailed, thresholdExceeded,
        insufficientBalance,
        usernameMissing, passwordMissing, usernameTaken, emailTaken, emailMissing, emailNotFound,
        sessionMissing, signUpRequired, accountAlreadyLinked, usernamePasswordMismatch, userNotFound,
        mobilePhoneNumberMissing, mobilePhoneNumberNotFound, mobilePhoneNumberTaken,
        mobilePhoneNumberNotVerified, emailNotVerified, invalidUsername, invalidPassword, loginLocked,
        friendshipNotFound, linkedIdMissing, invalidLinkedSession, invalidWeixinSession,
        cqlSyntaxError, insertFailed, invalidGeoPoint, storageOperationFailed, databaseError, noEffect,
        unauthorized, forbiddenByClassPermissions, payloadTooLarge, tooManyRequests, uploadRateLimited,
        hookRateLimited, serverInMaintenance, appDisabled, appArchived, temporarilyUnavailable,
        upstreamTimeout, exceededLimit,
        invalidSMSSignature, smsTooFrequent, smsSendFailed, invalidSMSCode, smsTemplateNotFound,
        smsTemplateNotVerified, smsTemplateRenderFailed, missingValidateToken, nonexistentQueryKeys,
    ]

    private static let byCode: [Int: LCErrorCode] = Dictionary(all.map { ($0.code, $0) }) { first, _ in first }

    /// The canonical error for a code, or nil for codes outside the table.
    ///
    /// ```swift
    /// LCErrorCode.lookup(code: 211)?.message   // "Could not find user."
    /// ```
    public static func lookup(code: Int) -> LCErrorCode? { byCode[code] }
}
