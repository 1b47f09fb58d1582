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

    /// The 32 lowercase hex bytes of `md5(timestamp + key)`.
    static func digestBytes(key: String, timestamp: Substring) -> [UInt8] {
        var message = Array(timestamp.utf8)
        message.append(contentsOf: key.utf8)
        return Hex.encodedBytes(MD5.digest(message))
    }
}

// MARK: - Reading a header's fields

extension LCRequestSignature {
    /// The comma-separated fields of a header, before any judgement about their contents.
    struct Components {
        var digest: Substring
        var timestamp: Substring
        var suffix: Substring?
        /// 32 hex digits of either case.
        let hasValidDigestShape: Bool
        /// Whether the digest uses `A-F`.
        let hasUppercaseDigest: Bool
        /// The timestamp when it is 1–18 decimal digits (18 fit `Int64` whatever they are).
        let timestampValue: Int64?

        /// Two or three comma-separated fields, else nil. Substrings of the header: no copies.
        /// Its bytes are read once, for the commas, the digest's shape and the timestamp's value:
        /// every signed request comes here, and substring scans were a visible share of it.
        init?(_ header: String) {
            let utf8 = header.utf8
            let scanned = utf8.withContiguousStorageIfAvailable(Scan.init) ?? Array(utf8).withUnsafeBufferPointer(Scan.init)
            guard let scan = scanned else { return nil }
            func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
            digest = header[..<index(scan.firstComma)]
            let timestampEnd = scan.secondComma.map(index) ?? header.endIndex
            timestamp = header[index(scan.firstComma + 1)..<timestampEnd]
            suffix = scan.secondComma.map { header[index($0 + 1)...] }
            hasValidDigestShape = scan.hexDigest
            hasUppercaseDigest = scan.uppercase
            timestampValue = scan.timestamp
        }
    }

    /// What one pass over a header's bytes finds: the commas' offsets, the digest's shape, the
    /// timestamp's value (`Components`, and `LCAuthVerifier`, which reads the bytes in place).
    struct Scan {
        var firstComma: Int
        var secondComma: Int?
        var hexDigest = true
        var uppercase = false
        var timestamp: Int64?

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            let comma = UInt8(ascii: ",")
            guard let first = bytes.firstIndex(of: comma) else { return nil }
            firstComma = first
            secondComma = bytes[(first + 1)...].firstIndex(of: comma)
            if let second = secondComma, bytes[(second + 1)...].contains(comma) { return nil }
            hexDigest = first == 32
            for byte in bytes[..<first] {
                let lower = byte | 0x20
                if !Self.isDigit(byte) && !(lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f")) { hexDigest = false }
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F") { uppercase = true }
            }
            let digits = bytes[(first + 1)..<(secondComma ?? bytes.count)]
            if (1...18).contains(digits.count), digits.allSatisfy(Self.isDigit) {
                timestamp = digits.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
            }
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }
}
