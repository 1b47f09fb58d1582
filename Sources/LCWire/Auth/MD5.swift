/// MD5 (RFC 1321) in plain Swift.
///
/// LeanCloud signs requests with MD5 (spec §1.3) and our client must sign on iOS without
/// OpenSSL, so this module carries its own. Not for anything security-sensitive beyond that.
///
/// ```swift
/// MD5.hex("abc")   // "900150983cd24fb0d6963f7d28e17f72"
/// ```
public enum MD5 {
    /// The 16-byte digest of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { digest($0) }
    }

    /// The 16-byte digest of a string's UTF-8 bytes.
    public static func digest(_ string: String) -> [UInt8] {
        var string = string
        return string.withUTF8 { digest($0) }
    }

    /// The lowercase hex digest of a string's UTF-8 bytes.
    public static func hex(_ string: String) -> String {
        String(decoding: hexBytes(digest(string)), as: UTF8.self)
    }

    /// The lowercase hex digest of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        String(decoding: hexBytes(digest(bytes)), as: UTF8.self)
    }

    /// 32 lowercase ASCII hex bytes for a digest, for comparisons without building a `String`.
    static func hexBytes(_ digest: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(JSONSerializer.lowercaseHexDigit(byte >> 4))
            text.append(JSONSerializer.lowercaseHexDigit(byte & 0x0F))
        }
        return text
    }

    static func digest(_ message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var state = MD5State()
        let fullBlocks = message.count / 64
        for block in 0..<fullBlocks {
            state.process(UnsafeBufferPointer(rebasing: message[(block * 64)..<(block * 64 + 64)]))
        }
        // RFC 1321 §3.1–3.2: append 0x80, zeros to 56 mod 64, then the bit length little-endian.
        var tail = Array(message[(fullBlocks * 64)...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 0, to: 64, by: 8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> shift)) }
        tail.withUnsafeBufferPointer { padded in
            for block in 0..<(padded.count / 64) {
                state.process(UnsafeBufferPointer(rebasing: padded[(block * 64)..<(block * 64 + 64)]))
            }
        }
        return state.bytes
    }
}
