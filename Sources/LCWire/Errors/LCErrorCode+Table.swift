// Spec §9, codes 1–160: general and storage errors, messages verbatim from the error table.

extension LCErrorCode {
    /// 1 — catch-all for bad parameters or undefined runtime errors.
    public static let internalServerError = LCErrorCode(
        code: 1, message: "Internal server error. No information available.", httpStatus: 400)
    /// 100 — the client could not reach the server (client-side only).
    public static let connectionFailed = LCErrorCode(
        code: 100, message: "The connection to the AVOS servers failed.", httpStatus: 0)
    /// 101 — the class or the object does not exist (404 documented for a missing class, §2.4).
    public static let objectNotFound = LCErrorCode(
        code: 101, message: "Class or object doesn't exists.", httpStatus: 404)
    /// 103 — missing or invalid class name (§2.2).
    public static let invalidClassName = LCErrorCode(
        code: 103,
        message: "Missing or invalid classname. Classnames are case-sensitive. They must start with a letter, and a-zA-Z0-9_ are the only valid characters.",
        httpStatus: 400)
    /// 104 — missing or malformed objectId.
    public static let missingObjectId = LCErrorCode(code: 104, message: "Missing object id.", httpStatus: 400)
    /// 105 — invalid field name (§2.2); see `invalidKeyName(column:)` for the live wording.
    public static let invalidKeyName = LCErrorCode(
        code: 105,
        message: "Invalid key name. Keys are case-sensitive. They must start with a letter, and a-zA-Z0-9_ are the only valid characters.",
        httpStatus: 400)
    /// 106 — malformed Pointer value.
    public static let malformedPointer = LCErrorCode(
        code: 106, message: "Malformed pointer. Pointers must be arrays of a classname and an object id.", httpStatus: 400)
    /// 107 — the body is not parseable JSON, or not an object where one is expected.
    public static let malformedJSON = LCErrorCode(
        code: 107, message: "Malformed json object. A json dictionary is expected.", httpStatus: 400)
    /// 108 — an internal-only API.
    public static let internalOnlyFeature = LCErrorCode(
        code: 108, message: "Tried to access a feature only available internally.", httpStatus: 403)
    /// 109 — forbidden by the permissions of a shared (bound) class.
    public static let forbiddenByBindingClass = LCErrorCode(
        code: 109, message: "That operation isn't allowed by binding class.", httpStatus: 403)
    /// 111 — the value's type differs from the column's type.
    public static let incorrectFieldType = LCErrorCode(code: 111, message: "Field set to incorrect type.", httpStatus: 400)
    /// 112 — invalid push channel name.
    public static let invalidChannelName = LCErrorCode(
        code: 112,
        message: "Invalid channel name. A channel name is either an empty string (the broadcast channel) or contains only a-zA-Z0-9_=, '-' or chinese characters.",
        httpStatus: 400)
    /// 113 — a required column is missing.
    public static let requiredKeyMissing = LCErrorCode(code: 113, message: "Key is required.", httpStatus: 400)
    /// 114 — invalid iOS device token.
    public static let invalidDeviceToken = LCErrorCode(code: 114, message: "Invalid device token.", httpStatus: 400)
    /// 116 — the object exceeds 16 MB.
    public static let objectTooLarge = LCErrorCode(code: 116, message: "The object is too large.", httpStatus: 400)
    /// 117 — a read-only field was updated.
    public static let readOnlyKey = LCErrorCode(code: 117, message: "The key is read only.", httpStatus: 400)
    /// 119 — the feature is disabled for clients (captcha off, generic SMS off, …).
    public static let operationForbiddenForClients = LCErrorCode(
        code: 119, message: "That operation isn't allowed for clients.", httpStatus: 403)
    /// 120 — SDK query-cache miss (client-side only).
    public static let cacheMiss = LCErrorCode(code: 120, message: "The results were not found in the cache.", httpStatus: 0)
    /// 121 — a nested key contains `$` or `.`.
    public static let invalidNestedKey = LCErrorCode(
        code: 121, message: "Keys in NSDictionary values may not include '$' or '.'.", httpStatus: 400)
    /// 122 — invalid file name (1–36 of `a-zA-Z0-9_.`).
    public static let invalidFileName = LCErrorCode(
        code: 122,
        message: "Invalid file name. A file name contains only a-zA-Z0-9_. characters and is between 1 and 36 characters.",
        httpStatus: 400)
    /// 123 — malformed ACL (§6.1).
    public static let invalidACL = LCErrorCode(
        code: 123, message: "Invalid ACL. An ACL with an invalid format was saved. This should not happen if you use AVACL.",
        httpStatus: 400)
    /// 124 — the request timed out on the server.
    public static let serverTimeout = LCErrorCode(
        code: 124, message: "The request timed out on the server. Typically this indicates the request is too expensive.",
        httpStatus: 408)
    /// 125 — invalid email address.
    public static let invalidEmail = LCErrorCode(code: 125, message: "The email address was invalid.", httpStatus: 400)
    /// 126 — invalid user id.
    public static let invalidUserId = LCErrorCode(code: 126, message: "Invalid user id.", httpStatus: 400)
    /// 127 — invalid mobile phone number.
    public static let invalidMobilePhoneNumber = LCErrorCode(
        code: 127, message: "The mobile phone number was invalid.", httpStatus: 400)
    /// 128 — empty relation op, or more than 1000 objects in one.
    public static let invalidRelationData = LCErrorCode(code: 128, message: "Invalid relation data.", httpStatus: 400)
    /// 137 — a unique index was violated.
    public static let duplicateValue = LCErrorCode(
        code: 137, message: "A unique field was given a value that is already taken.", httpStatus: 400)
    /// 139 — invalid role name (§6.4).
    public static let invalidRoleName = LCErrorCode(code: 139, message: "Role's name is invalid.", httpStatus: 400)
    /// 140 — app quota exceeded (the server words it in Chinese).
    public static let quotaExceeded = LCErrorCode(code: 140, message: "超过应用额度，请升级到商用版或联系我们处理。", httpStatus: 429)
    /// 141 — LeanEngine hook or function timed out.
    public static let engineTimeout = LCErrorCode(code: 141, message: "LeanEngine request timeout.", httpStatus: 503)
    /// 142 — a before-hook rejected the request.
    public static let cloudCodeValidationFailed = LCErrorCode(
        code: 142, message: "Cloud Code validation failed.", httpStatus: 400)
    /// 145 — payment disabled.
    public static let paymentDisabled = LCErrorCode(code: 145, message: "Payment is disabled on this device.", httpStatus: 400)
    /// 150 — image conversion failed.
    public static let imageConversionFailed = LCErrorCode(code: 150, message: "Fail to convert data to image.", httpStatus: 400)
    /// 154 — an application threshold (daily SMS cap, class count) was exceeded.
    public static let thresholdExceeded = LCErrorCode(
        code: 154, message: "Exceeded an application threshold setting.", httpStatus: 400)
    /// 160 — insufficient account balance.
    public static let insufficientBalance = LCErrorCode(code: 160, message: "Insufficient balance.", httpStatus: 400)
}
