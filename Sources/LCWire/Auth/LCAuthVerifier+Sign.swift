import Primitives

extension LCAuthVerifier {
    /// `X-LC-Sign`: `<md5(timestamp + key)>,<timestamp>[,master]` (spec §1.3).
    ///
    /// Checks shape first, then the digest (diagnosing uppercase hex and a key used with the
    /// wrong suffix), then the timestamp, so a client fixes problems in a sensible order.
    func verifySign(_ header: String, keys: LCAppKeys, now: Int64) -> LCAuthResult {
        guard let parts = LCRequestSignature.Components(header) else { return .failure(.malformedSign) }
        let isMaster: Bool
        switch parts.suffix {
        case nil: isMaster = false
        case LCRequestSignature.masterSuffix?: isMaster = true
        case LCRequestSignature.androidSuffix?: return .failure(.unsupportedSignVariant)
        default: return .failure(.malformedSign)
        }
        guard parts.hasValidDigestShape, let timestamp = parts.timestampValue else { return .failure(.malformedSign) }

        let expectedKey = isMaster ? keys.masterKey : keys.appKey
        let otherKey = isMaster ? keys.appKey : keys.masterKey
        if !LCRequestSignature.digest(parts.digest, matchesKey: expectedKey, timestamp: parts.timestamp) {
            // The failure path may allocate: it builds both digests to say what went wrong.
            let expected = LCRequestSignature.digestBytes(key: expectedKey, timestamp: parts.timestamp)
            let received = Array(parts.digest.utf8)
            return .failure(diagnoseMismatch(parts, received: received, expected: expected, otherKey: otherKey, isMaster: isMaster))
        }
        // Epoch milliseconds have had 13 digits since 2001; under 10^11 (1973 in ms, 5138 in
        // seconds) the client almost surely sent seconds.
        if timestamp < 100_000_000_000 { return .failure(.timestampInSeconds) }
        if let maxSkew {
            let skew = timestamp - now
            if skew.magnitude > maxSkew.magnitude { return .failure(.clockSkew(milliseconds: skew)) }
        }
        return .success(privilege: isMaster ? .master : .client)
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
