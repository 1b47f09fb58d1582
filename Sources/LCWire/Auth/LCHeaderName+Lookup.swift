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
