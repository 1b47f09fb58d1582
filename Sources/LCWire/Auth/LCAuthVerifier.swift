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
        // Bound in place, not through a function returning a copy (issue 31).
        if let masterKey = credentials.masterKey, !masterKey.isEmpty {
            return ConstantTime.equals(masterKey, keys.masterKey)
                ? .success(privilege: .master) : .failure(.wrongMasterKey)
        }
        var keyFailure: LCAuthFailure?
        if let key = credentials.key, !key.isEmpty {
            switch verifyKey(key, keys: keys) {
            case .success(let privilege): return .success(privilege: privilege)
            case .failure(let failure): keyFailure = failure
            }
        }
        if let sign = credentials.sign, !sign.isEmpty {
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
}

// MARK: - The X-LC-Sign check

extension LCAuthVerifier {
    /// `X-LC-Sign`: `<md5(timestamp + key)>,<timestamp>[,master]` (spec §1.3).
    ///
    /// Checks shape first, then the digest (diagnosing uppercase hex and a key used with the
    /// wrong suffix), then the timestamp, so a client fixes problems in a sensible order.
    /// The header and the key are read in place, as bytes: every signed request comes here, and
    /// each substring of the header or copy of the key was a retain and a release (issue 31).
    func verifySign(_ header: String, keys: LCAppKeys, now: Int64) -> LCAuthResult {
        let check = header.utf8.withContiguousStorageIfAvailable { checkSign($0, keys: keys, now: now) }
            ?? Array(header.utf8).withUnsafeBufferPointer { checkSign($0, keys: keys, now: now) }
        switch check {
        case .verdict(let verdict):
            return verdict
        case .digestMismatch(let isMaster):
            // The failure path may allocate: it builds both digests to say what went wrong.
            guard let parts = LCRequestSignature.Components(header) else { return .failure(.malformedSign) }
            let expectedKey = isMaster ? keys.masterKey : keys.appKey
            let otherKey = isMaster ? keys.appKey : keys.masterKey
            let expected = LCRequestSignature.digestBytes(key: expectedKey, timestamp: parts.timestamp)
            let received = Array(parts.digest.utf8)
            return .failure(diagnoseMismatch(parts, received: received, expected: expected, otherKey: otherKey, isMaster: isMaster))
        }
    }

    /// What the bytes of a header say: a verdict, or a digest that is not the expected one,
    /// which `verifySign` diagnoses.
    private enum SignCheck {
        case verdict(LCAuthResult)
        case digestMismatch(isMaster: Bool)
    }

    private func checkSign(_ header: UnsafeBufferPointer<UInt8>, keys: LCAppKeys, now: Int64) -> SignCheck {
        guard let scan = LCRequestSignature.Scan(header) else { return .verdict(.failure(.malformedSign)) }
        let isMaster: Bool
        if let second = scan.secondComma {
            let suffix = UnsafeBufferPointer(rebasing: header[(second + 1)...])
            if suffix.elementsEqual(LCRequestSignature.masterSuffix.utf8) {
                isMaster = true
            } else if suffix.elementsEqual(LCRequestSignature.androidSuffix.utf8) {
                return .verdict(.failure(.unsupportedSignVariant))
            } else {
                return .verdict(.failure(.malformedSign))
            }
        } else {
            isMaster = false
        }
        guard scan.hexDigest, let timestamp = scan.timestamp else { return .verdict(.failure(.malformedSign)) }

        let digest = UnsafeBufferPointer(rebasing: header[..<scan.firstComma])
        let stamp = UnsafeBufferPointer(rebasing: header[(scan.firstComma + 1)..<(scan.secondComma ?? header.count)])
        let key = isMaster ? keys.masterKey : keys.appKey
        let matches = key.utf8.withContiguousStorageIfAvailable { MD5.digest(of: stamp, $0, matchesLowercaseHex: digest) }
            ?? Array(key.utf8).withUnsafeBufferPointer { MD5.digest(of: stamp, $0, matchesLowercaseHex: digest) }
        if !matches { return .digestMismatch(isMaster: isMaster) }
        // Epoch milliseconds have had 13 digits since 2001; under 10^11 (1973 in ms, 5138 in
        // seconds) the client almost surely sent seconds.
        if timestamp < 100_000_000_000 { return .verdict(.failure(.timestampInSeconds)) }
        if let maxSkew {
            let skew = timestamp - now
            if skew.magnitude > maxSkew.magnitude { return .verdict(.failure(.clockSkew(milliseconds: skew))) }
        }
        return .verdict(.success(privilege: isMaster ? .master : .client))
    }

    /// Why a well-formed digest did not verify.
    private func diagnoseMismatch(
        _ parts: LCRequestSignature.Components, received: [UInt8], expected: [UInt8], otherKey: String, isMaster: Bool
    ) -> LCAuthFailure {
        // Spec §1.3: compare lowercase only, yet tell the client when case was its only mistake.
        let lowered = received.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") ? $0 | 0x20 : $0 }
        let other = LCRequestSignature.digestBytes(key: otherKey, timestamp: parts.timestamp)
        if parts.hasUppercaseDigest, ConstantTime.equals(lowered, expected) || ConstantTime.equals(lowered, other) {
            return .uppercaseDigest
        }
        if ConstantTime.equals(received, other) {
            return isMaster ? .appKeyMarkedAsMaster : .masterKeySignedWithoutMasterSuffix
        }
        return .signatureMismatch
    }
}

// MARK: - LCAppKeys, what the verifier checks against

/// An app's two secrets, which the server looks up by app id.
public struct LCAppKeys: Sendable, Hashable {
    /// The App Key: client privileges.
    public var appKey: String
    /// The Master Key: master privileges.
    public var masterKey: String

    /// Keys for one app.
    public init(appKey: String, masterKey: String) {
        self.appKey = appKey
        self.masterKey = masterKey
    }
}

// MARK: - LCAuthResult, the verdict

/// The verdict of `LCAuthVerifier`.
public enum LCAuthResult: Sendable, Hashable {
    /// Authenticated with this privilege.
    case success(privilege: LCPrivilege)
    /// Rejected; answer 401 `{"code":401,"error":"Unauthorized."}` (spec §1.4.5) and put
    /// `failure.reason` in `LCHeaderName.authDiagnostic`.
    case failure(LCAuthFailure)
}

// MARK: - LCPrivilege, what a success grants

/// What an authenticated request may do (spec §1.4).
public enum LCPrivilege: Sendable, Hashable {
    /// App key: subject to ACLs, class permissions and the `_User` self-only rule.
    case client
    /// Master key: bypasses all of them; required for `/scan`, `/schemas`, and the like.
    case master
}

// MARK: - LCAuthFailure, why a request was refused

/// Why a request failed authentication. The wire answer is always the same 401 (spec §1.4.5);
/// the diagnosis is for the emulator's diagnostic header and logs, so client authors see what
/// they got wrong.
public enum LCAuthFailure: Error, Sendable, Hashable {
    /// No app id in `X-LC-Id` or its aliases.
    case missingAppId
    /// The caller knows no app with that id.
    case unknownAppId
    /// Neither `X-LC-Key` nor `X-LC-Sign` (nor an alias) was sent.
    case missingKeyAndSign
    /// `X-LC-Key` is neither the app key nor the master key.
    case wrongAppKey
    /// A key marked `,master`, or the legacy master-key header, is not the master key.
    case wrongMasterKey
    /// The app key was marked `,master`, in `X-LC-Key` or in `X-LC-Sign`.
    case appKeyMarkedAsMaster
    /// `X-LC-Sign` is not `<32 hex digits>,<decimal timestamp>[,master]`.
    case malformedSign
    /// The digest is right but written in uppercase hex; only lowercase verifies (§1.3).
    case uppercaseDigest
    /// The timestamp is below 10^11, i.e. seconds rather than milliseconds (§1.3).
    case timestampInSeconds
    /// The digest is neither md5(timestamp + app key) nor md5(timestamp + master key).
    case signatureMismatch
    /// Signed with the master key but without the `,master` suffix.
    case masterKeySignedWithoutMasterSuffix
    /// The timestamp is further from the server clock than the configured window, by this many ms.
    case clockSkew(milliseconds: Int64)
    /// `,ax-sig-1`: LeanEngine's Android-key signature, which the emulator does not support.
    case unsupportedSignVariant

    /// The error body to answer with: always 401 `Unauthorized.`.
    public var errorCode: LCErrorCode { .unauthorized }

    /// A short English diagnosis for the diagnostic response header.
    public var reason: String {
        switch self {
        case .missingAppId: return "missing X-LC-Id"
        case .unknownAppId: return "unknown app id"
        case .missingKeyAndSign: return "missing X-LC-Key or X-LC-Sign"
        case .wrongAppKey: return "X-LC-Key is not the app key"
        case .wrongMasterKey: return "wrong master key"
        case .appKeyMarkedAsMaster: return "the app key was marked ,master; use the master key"
        case .malformedSign: return "X-LC-Sign must be <md5 hex>,<timestamp ms>[,master]"
        case .uppercaseDigest: return "X-LC-Sign digest must be lowercase hex"
        case .timestampInSeconds: return "X-LC-Sign timestamp looks like seconds; use milliseconds"
        case .signatureMismatch: return "X-LC-Sign digest is not md5(timestamp + key)"
        case .masterKeySignedWithoutMasterSuffix: return "signed with the master key but without ,master"
        case .clockSkew(let milliseconds): return "X-LC-Sign timestamp is \(milliseconds) ms off the server clock"
        case .unsupportedSignVariant: return "X-LC-Sign ,ax-sig-1 is not supported"
        }
    }
}
