// The spec's error table (§9), one constant per code in code order, messages verbatim from the
// table; HTTP-like codes answer with their own number as status. Second wordings and messages
// that name an object or field are in LCErrorCode.swift.

// MARK: - General and storage, 1–160

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

// MARK: - User accounts (§5), 200–252

extension LCErrorCode {
    /// 200 — username missing or empty.
    public static let usernameMissing = LCErrorCode(code: 200, message: "Username is missing or empty", httpStatus: 400)
    /// 201 — password missing or empty.
    public static let passwordMissing = LCErrorCode(code: 201, message: "Password is missing or empty.", httpStatus: 400)
    /// 202 — username taken.
    public static let usernameTaken = LCErrorCode(code: 202, message: "Username has already been taken.", httpStatus: 400)
    /// 203 — email taken.
    public static let emailTaken = LCErrorCode(code: 203, message: "Email has already been taken.", httpStatus: 400)
    /// 204 — email missing.
    public static let emailMissing = LCErrorCode(
        code: 204, message: "The email is missing, and must be specified.", httpStatus: 400)
    /// 205 — no user with that email.
    public static let emailNotFound = LCErrorCode(
        code: 205, message: "A user with the specified email was not found.", httpStatus: 400)
    /// 206 — a user was modified without that user's session (403 documented, §5.6).
    public static let sessionMissing = LCErrorCode(
        code: 206, message: "The user cannot be altered by a client without the session.", httpStatus: 403)
    /// 207 — users can only be created through sign-up.
    public static let signUpRequired = LCErrorCode(
        code: 207, message: "Users can only be created through sign up.", httpStatus: 400)
    /// 208 — the third-party account is linked to another user.
    public static let accountAlreadyLinked = LCErrorCode(
        code: 208, message: "An existing account already linked to another user.", httpStatus: 400)
    /// 210 — wrong password.
    public static let usernamePasswordMismatch = LCErrorCode(
        code: 210, message: "The username and password mismatch.", httpStatus: 400)
    /// 211 — unknown user, bad session on `/users/me`, or `failOnNotExist` (400 documented).
    public static let userNotFound = LCErrorCode(code: 211, message: "Could not find user.", httpStatus: 400)
    /// 212 — phone number missing.
    public static let mobilePhoneNumberMissing = LCErrorCode(
        code: 212, message: "The mobile phone number is missing, and must be specified.", httpStatus: 400)
    /// 213 — no user with that phone number.
    public static let mobilePhoneNumberNotFound = LCErrorCode(
        code: 213, message: "A user with the specified mobile phone number was not found.", httpStatus: 400)
    /// 214 — phone number taken.
    public static let mobilePhoneNumberTaken = LCErrorCode(
        code: 214, message: "Mobile phone number has already been taken.", httpStatus: 400)
    /// 215 — phone number not verified.
    public static let mobilePhoneNumberNotVerified = LCErrorCode(
        code: 215, message: "Mobile phone number isn't verified.", httpStatus: 400)
    /// 216 — email not verified.
    public static let emailNotVerified = LCErrorCode(code: 216, message: "Email address isn't verified.", httpStatus: 400)
    /// 217 — blank username.
    public static let invalidUsername = LCErrorCode(
        code: 217, message: "Invalid username, it must be a non-blank string.", httpStatus: 400)
    /// 218 — blank password.
    public static let invalidPassword = LCErrorCode(
        code: 218, message: "Invalid password, it must be a non-blank string.", httpStatus: 400)
    /// 219 — login locked after more than 6 failures in 15 minutes (English wording; 400 unconfirmed).
    public static let loginLocked = LCErrorCode(code: 219, message: "Tried too many times to signin.", httpStatus: 400)
    /// 221 — no such friendship.
    public static let friendshipNotFound = LCErrorCode(code: 221, message: "Friendship not found.", httpStatus: 400)
    /// 250 — the linked account returned no id.
    public static let linkedIdMissing = LCErrorCode(code: 250, message: "Linked id missing from request", httpStatus: 400)
    /// 251 — bad third-party token (also worded `Invalid Weibo session`).
    public static let invalidLinkedSession = LCErrorCode(code: 251, message: "Invalid linked session", httpStatus: 400)
    /// 252 — bad Weixin token.
    public static let invalidWeixinSession = LCErrorCode(code: 252, message: "Invalid Weixin session", httpStatus: 400)
}

// MARK: - Queries, storage, auth, permissions and service state, 300–529

extension LCErrorCode {
    /// 300 — CQL syntax error.
    public static let cqlSyntaxError = LCErrorCode(code: 300, message: "CQL syntax error.", httpStatus: 400)
    /// 301 — inserting the document failed.
    public static let insertFailed = LCErrorCode(code: 301, message: "Fails to insert new document.", httpStatus: 400)
    /// 302 — latitude or longitude out of range.
    public static let invalidGeoPoint = LCErrorCode(code: 302, message: "Invalid GeoPoint values.", httpStatus: 400)
    /// 303 — a storage operation failed.
    public static let storageOperationFailed = LCErrorCode(
        code: 303, message: "Fail to execute operation on storage.", httpStatus: 500)
    /// 304 — database error.
    public static let databaseError = LCErrorCode(code: 304, message: "Database error.", httpStatus: 500)
    /// 305 — a conditional update/delete matched nothing (400 unconfirmed, §2.5).
    public static let noEffect = LCErrorCode(code: 305, message: "No effect on updating/deleting a document.", httpStatus: 400)
    /// 401 — bad or missing app id, key or signature (§1.4).
    public static let unauthorized = LCErrorCode(code: 401, message: "Unauthorized.", httpStatus: 401)
    /// 403 — denied by class permissions (§6.3); see also the ACL variants.
    public static let forbiddenByClassPermissions = LCErrorCode(
        code: 403, message: "Forbidden to read/write by class permissions", httpStatus: 403)
    /// 413 — request body too large (20 MB).
    public static let payloadTooLarge = LCErrorCode(code: 413, message: "Payload Too Large.", httpStatus: 413)
    /// 429 — concurrency limit.
    public static let tooManyRequests = LCErrorCode(code: 429, message: "Too many requests.", httpStatus: 429)
    /// 430 — REST upload rate limit.
    public static let uploadRateLimited = LCErrorCode(code: 430, message: "Upload files rate limit exceeded.", httpStatus: 430)
    /// 431 — LeanEngine hook rate limit.
    public static let hookRateLimited = LCErrorCode(code: 431, message: "LeanEngine hooks rate limit exceeded.", httpStatus: 431)
    /// 502 — maintenance.
    public static let serverInMaintenance = LCErrorCode(code: 502, message: "Server is in maintenance.", httpStatus: 502)
    /// 503 — app disabled or read-only.
    public static let appDisabled = LCErrorCode(code: 503, message: "The app is temporarily disabled/readonly.", httpStatus: 503)
    /// 504 — app archived.
    public static let appArchived = LCErrorCode(
        code: 504, message: "The app is archived, please restore in console before use.", httpStatus: 504)
    /// 511 — API temporarily unavailable.
    public static let temporarilyUnavailable = LCErrorCode(code: 511, message: "Temporarily Unavailable.", httpStatus: 511)
    /// 524 — upstream timeout (the table gives no message; we use its description).
    public static let upstreamTimeout = LCErrorCode(code: 524, message: "upstream timeout", httpStatus: 524)
    /// 529 — per-IP concurrency limit (engine).
    public static let exceededLimit = LCErrorCode(code: 529, message: "Exceeded Limit", httpStatus: 529)
}

// MARK: - SMS and captcha (§7), query keys, 600–700

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
