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
