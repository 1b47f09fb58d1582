/// SHA-1 (FIPS 180-4) in plain Swift.
///
/// For protocols that still ask for SHA-1 (a password sent as SHA-1 hex), on every platform
/// without OpenSSL: written once for clients and servers. Not for security.
///
/// ```swift
/// SHA1.hex("abc")   // "a9993e364706816aba3e25717850c26c9cd0d89d"
/// ```
public enum SHA1: MessageDigest {
    /// The 20-byte digest of the bytes in `message`.
    public static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8] { SHA1State.hash(message) }
}

// MARK: - SHA1State, the block function

/// The five-word SHA-1 state and its block function (FIPS 180-4 §6.1.2).
struct SHA1State: BlockDigestState {
    static var isBigEndian: Bool { true }

    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
    )

    /// Mixes one 64-byte block into the state.
    mutating func process(_ block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)) }
            for i in 16..<80 { w[i] = Self.rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var (a, b, c, d, e) = h
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = Self.rotate(a, 5) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, Self.rotate(b, 30), a, temp)
            }
            h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
        }
    }

    static var wordCount: Int { 5 }

    /// The digest words: h0 to h4.
    func word(_ index: Int) -> UInt32 {
        switch index {
        case 0: return h.0
        case 1: return h.1
        case 2: return h.2
        case 3: return h.3
        default: return h.4
        }
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { value << count | value >> (32 - count) }
}
