/// Every LeanCloud request header name (spec §1.2), with the legacy aliases and the order in
/// which to look them up.
///
/// `X-LC-*` comes first and wins, as in LeanCloud's own header parser; then the
/// `X-AVOSCloud-*` and `X-Uluru-*` aliases. Header names compare case-insensitively; these are
/// the canonical spellings.
///
/// ```swift
/// let appId = LCHeaderName.firstValue(of: LCHeaderName.appIdCandidates) { request.headers[$0] }
/// ```
public enum LCHeaderName {
    /// App ID, required on every request.
    public static let id = "X-LC-Id"
    /// App key, or `<MasterKey>,master`.
    public static let key = "X-LC-Key"
    /// `<md5>,<timestamp>[,master]`, the signed alternative to `X-LC-Key` (§1.3).
    public static let sign = "X-LC-Sign"
    /// The logged-in user's session token.
    public static let session = "X-LC-Session"
    /// `1` production (default), `0` staging.
    public static let prod = "X-LC-Prod"
    /// LeanEngine hook key.
    public static let hookKey = "X-LC-Hook-Key"
    /// The browser JS SDK's user agent.
    public static let userAgent = "X-LC-UA"
    /// Request body type.
    public static let contentType = "Content-Type"

    /// Legacy app ID.
    public static let avosApplicationId = "X-AVOSCloud-Application-Id"
    /// Legacy app ID.
    public static let uluruApplicationId = "X-Uluru-Application-Id"
    /// Legacy app key (the `,master` suffix works here too).
    public static let avosApplicationKey = "X-AVOSCloud-Application-Key"
    /// Legacy app key.
    public static let uluruApplicationKey = "X-Uluru-Application-Key"
    /// Legacy master key, sent bare in its own header.
    public static let avosMasterKey = "X-AVOSCloud-Master-Key"
    /// Legacy master key, sent bare in its own header.
    public static let uluruMasterKey = "X-Uluru-Master-Key"
    /// Legacy signature.
    public static let avosRequestSign = "X-AVOSCloud-Request-Sign"
    /// Legacy session token.
    public static let avosSessionToken = "X-AVOSCloud-Session-Token"
    /// Legacy session token.
    public static let uluruSessionToken = "X-Uluru-Session-Token"
    /// Legacy production flag.
    public static let avosApplicationProduction = "X-AVOSCloud-Application-Production"
    /// Legacy production flag.
    public static let uluruApplicationProduction = "X-Uluru-Application-Production"
    /// Legacy SDK version.
    public static let avosClientVersion = "X-AVOSCloud-Client-Version"
    /// Legacy SDK version.
    public static let uluruClientVersion = "X-Uluru-Client-Version"
    /// Legacy super key, listed only in the CORS allow-list.
    public static let avosSuperKey = "X-AVOSCloud-Super-Key"
    /// Sent by browser XHR libraries.
    public static let requestedWith = "X-Requested-With"
    /// The cookie-session API's CSRF token, echoed from the `XSRF-TOKEN` cookie (login-flows.md §2).
    public static let xsrfToken = "X-XSRF-TOKEN"

    /// Emulator-only response header carrying `LCAuthFailure.reason` next to a 401; not a
    /// LeanCloud header, so real clients ignore it.
    public static let authDiagnostic = "X-LCEmu-Auth-Error"
}

// MARK: - Lookup order and the CORS allow-list

extension LCHeaderName {
    /// Where the app ID may arrive, in lookup order.
    public static let appIdCandidates = [id, avosApplicationId, uluruApplicationId]
    /// Where the app key (or `<MasterKey>,master`) may arrive, in lookup order.
    public static let appKeyCandidates = [key, avosApplicationKey, uluruApplicationKey]
    /// Where a bare master key may arrive (legacy only; `X-LC-Key` uses the `,master` suffix).
    public static let masterKeyCandidates = [avosMasterKey, uluruMasterKey]
    /// Where the signature may arrive, in lookup order.
    public static let signCandidates = [sign, avosRequestSign]
    /// Where the session token may arrive, in lookup order.
    public static let sessionCandidates = [session, avosSessionToken, uluruSessionToken]
    /// Where the production flag may arrive, in lookup order.
    public static let prodCandidates = [prod, avosApplicationProduction, uluruApplicationProduction]

    /// The request headers a CORS preflight must allow: LeanEngine's allow-list (§1.1).
    public static let corsAllowedHeaders = [
        contentType, id, key, session, sign, prod, userAgent, hookKey,
        avosApplicationId, avosApplicationKey, avosApplicationProduction, avosClientVersion,
        avosRequestSign, avosSessionToken, avosSuperKey,
        uluruApplicationId, uluruApplicationKey, uluruApplicationProduction, uluruClientVersion,
        uluruSessionToken, requestedWith,
    ]

    /// The first non-empty value among `candidates`, asking `header` (a case-insensitive
    /// lookup supplied by the HTTP layer) for each name in order.
    public static func firstValue(of candidates: [String], in header: (String) -> String?) -> String? {
        for name in candidates {
            if let value = header(name), !value.isEmpty { return value }
        }
        return nil
    }

    /// Reads a production flag: `0` and `false` mean staging, anything else (or nothing)
    /// production (§1.2, as LeanEngine's middleware does).
    public static func isProduction(_ value: String?) -> Bool {
        value != "0" && value != "false"
    }
}

// MARK: - LCEnvelopeKey, the body keys that stand for headers

/// Body keys of the CORS "method override" envelope: a `text/plain` POST that carries the
/// method and credentials in its JSON body (spec §1.6).
public enum LCEnvelopeKey {
    /// The real method: `GET`, `PUT` or `DELETE`.
    public static let method = "_method"
    /// Stands for `X-LC-Id`.
    public static let applicationId = "_ApplicationId"
    /// Stands for `X-LC-Key` (`,master` suffix allowed).
    public static let applicationKey = "_ApplicationKey"
    /// A bare master key.
    public static let masterKey = "_MasterKey"
    /// Stands for `X-LC-Session`.
    public static let sessionToken = "_SessionToken"
    /// Stands for `X-LC-Prod`; `0` or `false` mean staging.
    public static let applicationProduction = "_ApplicationProduction"

    /// Whether the server strips `key` before dispatch: it starts with exactly one underscore
    /// (`__type`-style keys stay).
    public static func isEnvelopeKey(_ key: String) -> Bool {
        var utf8 = key.utf8.makeIterator()
        return utf8.next() == UInt8(ascii: "_") && utf8.next() != UInt8(ascii: "_")
    }
}
