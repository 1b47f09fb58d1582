import Primitives

/// The `X-LC-Sign` header: `<md5(timestamp + key)>,<timestamp>[,master]` (spec §1.3).
///
/// The digest is lowercase hex of MD5 over the decimal millisecond timestamp followed directly
/// by the key; `,master` marks that the key is the master key.
///
/// ```swift
/// LCRequestSignature.make(key: "UtOCzqb67d3sN12Kts4URwy8", timestamp: 1453014943466)
/// // "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466"
/// ```
public enum LCRequestSignature {
    /// The suffix that marks a master-key signature.
    public static let masterSuffix = "master"
    /// The Android-key variant LeanEngine knows; the emulator rejects it (§1.3).
    public static let androidSuffix = "ax-sig-1"

    /// A header value signing `timestamp` (epoch milliseconds) with `key`.
    public static func make(key: String, timestamp: Int64, master: Bool = false) -> String {
        let stamp = String(timestamp)
        let signed = digest(key: key, timestamp: stamp) + "," + stamp
        return master ? signed + "," + masterSuffix : signed
    }

    /// `md5(timestamp + key)` in lowercase hex.
    public static func digest(key: String, timestamp: String) -> String {
        String(decoding: digestBytes(key: key, timestamp: Substring(timestamp)), as: UTF8.self)
    }

    /// Splits a header value into digest, timestamp and master flag; nil unless it has the
    /// documented shape (32 hex digits, a decimal timestamp, optionally `,master`).
    ///
    /// The digest comes back as sent: verification compares it lowercase only.
    public static func parse(_ header: String) -> (digest: String, timestamp: String, isMaster: Bool)? {
        guard let parts = Components(header), parts.hasValidDigestShape, parts.timestampValue != nil else { return nil }
        switch parts.suffix {
        case nil: return (String(parts.digest), String(parts.timestamp), false)
        case masterSuffix?: return (String(parts.digest), String(parts.timestamp), true)
        default: return nil
        }
    }

    /// Whether `digest` is `md5(timestamp + key)` in lowercase hex, in constant time, without
    /// building either.
    static func digest(_ digest: Substring, matchesKey key: String, timestamp: Substring) -> Bool {
        MD5.digest(of: timestamp, key, matchesLowercaseHex: digest)
    }

    /// The 32 lowercase hex bytes of `md5(timestamp + key)`.
    static func digestBytes(key: String, timestamp: Substring) -> [UInt8] {
        var message = Array(timestamp.utf8)
        message.append(contentsOf: key.utf8)
        return Hex.encodedBytes(MD5.digest(message))
    }
}
