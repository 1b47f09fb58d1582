// Spec §9, codes 300–529: queries, storage, auth, permissions and service state, messages
// verbatim from the error table; HTTP-like codes answer with their own number as status.

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
