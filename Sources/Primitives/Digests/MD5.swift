/// MD5 (RFC 1321) in plain Swift.
///
/// For protocols that still sign and checksum with MD5, on every platform (iOS included)
/// without OpenSSL: written once for clients and servers. Not for anything security-sensitive.
///
/// ```swift
/// MD5.hex("abc")   // "900150983cd24fb0d6963f7d28e17f72"
/// ```
public enum MD5: MessageDigest {
    /// The 16-byte digest of the bytes in `message`.
    public static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8] { MD5State.hash(message) }

    /// Whether `hex` is the lowercase hex MD5 of `first` followed by `second`, in constant time,
    /// with the message on the stack when short: the `X-LC-Sign` check of every request.
    /// Concrete types, not generics: unspecialised, the check took 2.6 µs instead of 0.3.
    public static func digest(of first: Substring, _ second: String, matchesLowercaseHex hex: Substring) -> Bool {
        var first = first, second = second, hex = hex
        return first.withUTF8 { head in
            second.withUTF8 { tail in
                hex.withUTF8 { hex in
                    withUnsafeTemporaryAllocation(byteCount: head.count + tail.count, alignment: 1) { message in
                        UnsafeMutableRawBufferPointer(rebasing: message[..<head.count]).copyMemory(from: UnsafeRawBufferPointer(head))
                        UnsafeMutableRawBufferPointer(rebasing: message[head.count...]).copyMemory(from: UnsafeRawBufferPointer(tail))
                        return MD5State.hashState(UnsafeRawBufferPointer(message)).matchesLowercaseHex(hex)
                    }
                }
            }
        }
    }
}

// MARK: - MD5State, the block function

/// The four-word MD5 state and its block function (RFC 1321 §3.3–3.4).
struct MD5State: BlockDigestState {
    static var isBigEndian: Bool { false }

    private var a: UInt32 = 0x6745_2301
    private var b: UInt32 = 0xEFCD_AB89
    private var c: UInt32 = 0x98BA_DCFE
    private var d: UInt32 = 0x1032_5476

    /// Per-step left-rotation amounts, four rounds of sixteen steps.
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// T[i] = floor(abs(sin(i + 1)) × 2^32), tabulated as in the RFC.
    private static let constants: [UInt32] = [
        0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee, 0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
        0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be, 0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
        0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa, 0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
        0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed, 0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
        0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c, 0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
        0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05, 0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
        0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039, 0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
        0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1, 0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
    ]

    /// Mixes one 64-byte block into the state: four rounds of sixteen steps, each round its own
    /// loop (a switch on the step in one loop of 64 was most of a signature check's MD5 time).
    mutating func process(_ block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { words in
            for index in 0..<16 {
                words[index] = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
            }
            var (aa, bb, cc, dd) = (a, b, c, d)
            Self.constants.withUnsafeBufferPointer { constants in
                Self.shifts.withUnsafeBufferPointer { shifts in
                    @inline(__always)
                    func step(_ index: Int, _ mixed: UInt32, _ word: Int) {
                        let sum = mixed &+ aa &+ constants[index] &+ words[word]
                        aa = dd
                        dd = cc
                        cc = bb
                        let shift = shifts[index]
                        bb = bb &+ (sum << shift | sum >> (32 &- shift))
                    }
                    for index in 0..<16 { step(index, (bb & cc) | (~bb & dd), index) }
                    for index in 16..<32 { step(index, (dd & bb) | (~dd & cc), (5 &* index &+ 1) & 15) }
                    for index in 32..<48 { step(index, bb ^ cc ^ dd, (3 &* index &+ 5) & 15) }
                    for index in 48..<64 { step(index, cc ^ (bb | ~dd), (7 &* index) & 15) }
                }
            }
            a = a &+ aa
            b = b &+ bb
            c = c &+ cc
            d = d &+ dd
        }
    }

    static var wordCount: Int { 4 }

    /// The digest words: a, b, c, d.
    func word(_ index: Int) -> UInt32 {
        switch index {
        case 0: return a
        case 1: return b
        case 2: return c
        default: return d
        }
    }
}
