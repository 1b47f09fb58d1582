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

    /// The comma-separated fields of a header, before any judgement about their contents.
    struct Components {
        var digest: Substring
        var timestamp: Substring
        var suffix: Substring?

        /// Two or three comma-separated fields, else nil. Substrings of the header: no copies.
        init?(_ header: String) {
            let comma = UInt8(ascii: ",")
            let utf8 = header.utf8
            guard let first = utf8.firstIndex(of: comma) else { return nil }
            digest = header[..<first]
            let afterFirst = utf8.index(after: first)
            guard let second = utf8[afterFirst...].firstIndex(of: comma) else {
                timestamp = header[afterFirst...]
                suffix = nil
                return
            }
            timestamp = header[afterFirst..<second]
            let rest = header[utf8.index(after: second)...]
            guard !rest.utf8.contains(comma) else { return nil }
            suffix = rest
        }

        /// 32 hex digits of either case.
        var hasValidDigestShape: Bool {
            digest.utf8.count == 32 && digest.utf8.allSatisfy { byte in
                let lower = byte | 0x20
                return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f"))
            }
        }

        /// Whether the digest uses `A-F`.
        var hasUppercaseDigest: Bool {
            digest.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") }
        }

        /// The timestamp when it is 1–18 decimal digits (18 fit `Int64` whatever they are).
        var timestampValue: Int64? {
            guard (1...18).contains(timestamp.utf8.count),
                  timestamp.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return nil }
            return Int64(timestamp)
        }
    }
}
