import Primitives

/// Decides whether a request's credentials authenticate it, and with which privilege
/// (spec §1.3, §1.4). Used by the server; pure, so every rule is unit-tested.
///
/// Order, after spec §1.4:
/// 1. no app id → `.missingAppId`; unknown app (`keys == nil`) → `.unknownAppId`;
/// 2. a legacy bare master-key header must be the master key → master;
/// 3. `X-LC-Key`: `<master>,master` → master, the app key → client;
/// 4. otherwise `X-LC-Sign` against the app key, or the master key when marked `,master`;
/// 5. nothing to check → `.missingKeyAndSign`.
///
/// ```swift
/// let verifier = LCAuthVerifier(maxSkew: nil)   // spec §1.3: no window by default
/// verifier.verify(credentials, keys: LCAppKeys(appKey: "…", masterKey: "…"), now: nowMs)
/// // .success(privilege: .client)
/// ```
public struct LCAuthVerifier: Sendable {
    /// The largest allowed distance in ms between a signature's timestamp and `now`, or nil
    /// for no check — LeanCloud documents no window and its middlewares check none (§1.3).
    public var maxSkew: Int64?

    /// A verifier with an optional clock-skew window in milliseconds.
    public init(maxSkew: Int64? = nil) {
        self.maxSkew = maxSkew
    }

    /// Verifies `credentials` against the app's `keys` (nil when the app id is unknown) at
    /// `now`, in epoch milliseconds.
    public func verify(_ credentials: LCRequestCredentials, keys: LCAppKeys?, now: Int64) -> LCAuthResult {
        guard let appId = credentials.appId, !appId.isEmpty else { return .failure(.missingAppId) }
        guard let keys else { return .failure(.unknownAppId) }
        // A legacy master-key header states the caller wants master privileges; a wrong one
        // fails rather than silently degrading to the app key (LeanEngine would degrade).
        if let masterKey = nonEmpty(credentials.masterKey) {
            return ConstantTime.equals(masterKey, keys.masterKey)
                ? .success(privilege: .master) : .failure(.wrongMasterKey)
        }
        var keyFailure: LCAuthFailure?
        if let key = nonEmpty(credentials.key) {
            switch verifyKey(key, keys: keys) {
            case .success(let privilege): return .success(privilege: privilege)
            case .failure(let failure): keyFailure = failure
            }
        }
        if let sign = nonEmpty(credentials.sign) {
            return verifySign(sign, keys: keys, now: now)
        }
        return .failure(keyFailure ?? .missingKeyAndSign)
    }

    /// `X-LC-Key` (or an alias): the app key, or `<MasterKey>,master`.
    func verifyKey(_ key: String, keys: LCAppKeys) -> Result<LCPrivilege, LCAuthFailure> {
        let suffix = "," + LCRequestSignature.masterSuffix
        if key.hasSuffix(suffix) {
            let candidate = key.dropLast(suffix.count)
            if ConstantTime.equals(candidate, keys.masterKey) { return .success(.master) }
            if ConstantTime.equals(candidate, keys.appKey) { return .failure(.appKeyMarkedAsMaster) }
            return .failure(.wrongMasterKey)
        }
        if ConstantTime.equals(key, keys.appKey) { return .success(.client) }
        // Spec §1.4.3: LeanEngine's middleware accepts the bare master key in X-LC-Key but does
        // not grant master privileges; unconfirmed for the API server. We do the same: a valid
        // client, never master without the `,master` suffix.
        if ConstantTime.equals(key, keys.masterKey) { return .success(.client) }
        return .failure(.wrongAppKey)
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
