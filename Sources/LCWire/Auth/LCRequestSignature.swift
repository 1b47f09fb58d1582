#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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

        /// One pass over the bytes by index; the usual digest (32 hex digits, then a comma)
        /// read eight bytes at a time. The collection calls it was written with (`firstIndex`,
        /// `contains`, `allSatisfy`, `reduce` over slices) cost about 800 instructions of every
        /// signed request (issue 31).
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            let comma = UInt8(ascii: ","), count = bytes.count
            var index = 0
            var notHex = false, upper = false
            if count > 32, bytes[32] == comma, let base = bytes.baseAddress, let uppercaseDigest = Self.hexDigits(uppercaseIn32: base) {
                // No comma among 32 hex digits: the first comma is the 33rd byte.
                index = 32
                upper = uppercaseDigest
            } else {
                // The digest: up to the first comma.
                while index < count {
                    let byte = bytes[index]
                    if byte == comma { break }
                    let isDigit = byte &- UInt8(ascii: "0") < 10
                    let isHexLetter = (byte | 0x20) &- UInt8(ascii: "a") < 6
                    if !isDigit && !isHexLetter { notHex = true }
                    if byte &- UInt8(ascii: "A") < 6 { upper = true }
                    index += 1
                }
            }
            uppercase = upper
            guard index < count else { return nil }
            firstComma = index
            hexDigest = index == 32 && !notHex
            index += 1
            // The timestamp: up to the second comma or the end. Past 18 digits the value may
            // wrap; it is dropped then.
            let timestampStart = index
            var value: Int64 = 0
            var decimal = true
            // The usual timestamp (13 digits) read as two words (`digitRun`); any other, byte by byte.
            if let base = bytes.baseAddress, let run = Self.digitRun(base, from: index, count: count) {
                (value, index) = run
            }
            while index < count {
                let byte = bytes[index]
                if byte == comma { break }
                let digit = byte &- UInt8(ascii: "0")
                if digit < 10 { value = value &* 10 &+ Int64(digit) } else { decimal = false }
                index += 1
            }
            let digits = index - timestampStart
            if decimal && digits >= 1 && digits <= 18 { timestamp = value }
            // A suffix, which has no comma.
            if index < count {
                secondComma = index
                index += 1
                while index < count {
                    if bytes[index] == comma { return nil }
                    index += 1
                }
            }
        }

        /// From `start`, 8 to 16 decimal digits up to the end or a comma: their value, and where they
        /// end. Read as two words that may overlap (the first eight digits and the last eight), each
        /// checked and turned into its number by three multiplications: the byte loop took ~16
        /// instructions a digit of every signed request (issue 31). Nil for any other run, which
        /// the byte loop reads.
        private static func digitRun(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> (Int64, Int)? {
            // The two words cover every byte of a run of 8 to 16: all digits, then no comma among them.
            if let value = digits(base, from: start, to: count) { return (value, count) }
            guard let comma = memchr(base + start, Int32(UInt8(ascii: ",")), count - start) else { return nil }
            let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(comma))
            return digits(base, from: start, to: end).map { ($0, end) }
        }

        /// The value of the digits from `start` to `end` when they are 8 to 16 decimal digits.
        @inline(__always)
        private static func digits(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int64? {
            let digits = end - start
            guard digits >= 8, digits <= 16, let first = eightDigits(base + start), let last = eightDigits(base + end - 8)
            else { return nil }
            // The first word's digits past the last word's start are the last word's first ones.
            var overlap: Int64 = 1
            for _ in 0..<(16 - digits) { overlap &*= 10 }
            return first / overlap &* 100_000_000 &+ last
        }

        /// The number eight decimal digits at `start` write, or nil when one is not a digit.
        @inline(__always)
        private static func eightDigits(_ start: UnsafePointer<UInt8>) -> Int64? {
            let word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, threes: UInt64 = 0x3030_3030_3030_3030
            // Each byte 0x30–0x3F, and still 0x3_ with 6 added: 0x30–0x39.
            guard word & high == threes, (word &+ 0x0606_0606_0606_0606) & high == threes else { return nil }
            // Pairs, then fours, then all eight: the first digit is the lowest byte (simdjson's
            // parse_eight_digits_unrolled).
            // (Swift shifts before it multiplies: the products are bracketed.)
            var value = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
            value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
            value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
            return Int64(value)
        }

        /// For 32 bytes of hex digits (either case), read eight at a time: whether any is `A`–`F`.
        /// Nil when they are not all hex digits (the caller then reads them byte by byte).
        private static func hexDigits(uppercaseIn32 start: UnsafePointer<UInt8>) -> Bool? {
            let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
            // Per byte below 0x80: its high bit set exactly when the byte is at least `bound`
            // (no byte borrows from the next: each starts at 0x80 or more, above every bound).
            @inline(__always) func atLeast(_ word: UInt64, _ bound: UInt64) -> UInt64 { ((word | high) &- bound &* ones) & high }
            var hex = high, upper: UInt64 = 0, ascii: UInt64 = 0
            for offset in stride(from: 0, to: 32, by: 8) {
                let word = UnsafeRawPointer(start).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                ascii |= word & high
                let lower = word | 0x20 &* ones
                let digits = atLeast(word, 0x30) & ~atLeast(word, 0x3A)
                let letters = atLeast(lower, 0x61) & ~atLeast(lower, 0x67)
                hex &= digits | letters
                upper |= atLeast(word, 0x41) & ~atLeast(word, 0x47)
            }
            guard ascii == 0, hex == high else { return nil }
            return upper != 0
        }
    }
}
