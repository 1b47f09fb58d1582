/// The credentials a request carries, gathered from headers (or the CORS envelope) with the
/// legacy aliases already resolved (spec §1.2, §1.6).
///
/// ```swift
/// let credentials = LCRequestCredentials { request.headers[$0] }
/// let verdict = LCAuthVerifier().verify(credentials, keys: apps[credentials.appId ?? ""], now: nowMs)
/// ```
public struct LCRequestCredentials: Sendable, Hashable {
    /// `X-LC-Id`.
    public var appId: String?
    /// `X-LC-Key`: the app key, or `<MasterKey>,master`.
    public var key: String?
    /// `X-LC-Sign`.
    public var sign: String?
    /// A bare master key from the legacy `X-AVOSCloud-Master-Key` header or `_MasterKey`.
    public var masterKey: String?
    /// `X-LC-Session`.
    public var sessionToken: String?
    /// `X-LC-Prod`: false only for `0` / `false` (staging).
    public var isProduction: Bool

    /// Credentials from explicit values.
    public init(
        appId: String? = nil, key: String? = nil, sign: String? = nil, masterKey: String? = nil,
        sessionToken: String? = nil, isProduction: Bool = true
    ) {
        self.appId = appId
        self.key = key
        self.sign = sign
        self.masterKey = masterKey
        self.sessionToken = sessionToken
        self.isProduction = isProduction
    }

    /// Credentials read from headers; `header` is the HTTP layer's case-insensitive lookup.
    /// `X-LC-*` wins over the aliases.
    public init(header: (String) -> String?) {
        self.init(
            appId: LCHeaderName.firstValue(of: LCHeaderName.appIdCandidates, in: header),
            key: LCHeaderName.firstValue(of: LCHeaderName.appKeyCandidates, in: header),
            sign: LCHeaderName.firstValue(of: LCHeaderName.signCandidates, in: header),
            masterKey: LCHeaderName.firstValue(of: LCHeaderName.masterKeyCandidates, in: header),
            sessionToken: LCHeaderName.firstValue(of: LCHeaderName.sessionCandidates, in: header),
            isProduction: LCHeaderName.isProduction(LCHeaderName.firstValue(of: LCHeaderName.prodCandidates, in: header)))
    }

    /// Credentials from a CORS envelope body (§1.6): `_ApplicationId`, `_ApplicationKey`,
    /// `_MasterKey`, `_SessionToken`, `_ApplicationProduction` (0 or false mean staging).
    public init(envelope body: JSONObject) {
        let production = body[LCEnvelopeKey.applicationProduction]
        self.init(
            appId: body[LCEnvelopeKey.applicationId]?.stringValue,
            key: body[LCEnvelopeKey.applicationKey]?.stringValue,
            masterKey: body[LCEnvelopeKey.masterKey]?.stringValue,
            sessionToken: body[LCEnvelopeKey.sessionToken]?.stringValue,
            isProduction: production != .number(0) && production != .bool(false)
                && LCHeaderName.isProduction(production?.stringValue))
    }
}
