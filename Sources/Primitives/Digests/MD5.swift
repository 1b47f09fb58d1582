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
                hex.withUTF8 { hex in digest(of: head, tail, matchesLowercaseHex: hex) }
            }
        }
    }

    /// The same over bytes the caller reads in place: no string is copied (each copy was a
    /// retain and a release, issue 31).
    public static func digest(of first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
                              matchesLowercaseHex hex: UnsafeBufferPointer<UInt8>) -> Bool {
        MD5State.hashState(UnsafeRawBufferPointer(first), UnsafeRawBufferPointer(second)).matchesLowercaseHex(hex)
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

    /// Mixes one 64-byte block into the state: the RFC's 64 steps written out (§3.4), each with
    /// its word, rotation and constant T[i] = floor(abs(sin(i + 1)) × 2^32) as literals. Loops
    /// over tables of rotations and constants cost about 2,100 instructions a block, a share of
    /// every signed request's CPU (issue 31); written out, the compiler keeps the state in
    /// registers and every rotation is by a constant.
    mutating func process(_ block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { x in
            for index in 0..<16 {
                x[index] = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
            }
            var (a, b, c, d) = (self.a, self.b, self.c, self.d)
            @inline(__always) func step(_ a: inout UInt32, _ b: UInt32, _ mixed: UInt32, _ x: UInt32, _ s: UInt32, _ t: UInt32) {
                let sum = a &+ mixed &+ x &+ t
                a = b &+ (sum << s | sum >> (32 &- s))
            }
            @inline(__always) func ff(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ s: UInt32, _ t: UInt32) {
                step(&a, b, (b & c) | (~b & d), x, s, t)
            }
            @inline(__always) func gg(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ s: UInt32, _ t: UInt32) {
                step(&a, b, (d & b) | (~d & c), x, s, t)
            }
            @inline(__always) func hh(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ s: UInt32, _ t: UInt32) {
                step(&a, b, b ^ c ^ d, x, s, t)
            }
            @inline(__always) func ii(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ s: UInt32, _ t: UInt32) {
                step(&a, b, c ^ (b | ~d), x, s, t)
            }
            ff(&a, b, c, d, x[0], 7, 0xd76a_a478); ff(&d, a, b, c, x[1], 12, 0xe8c7_b756)
            ff(&c, d, a, b, x[2], 17, 0x2420_70db); ff(&b, c, d, a, x[3], 22, 0xc1bd_ceee)
            ff(&a, b, c, d, x[4], 7, 0xf57c_0faf); ff(&d, a, b, c, x[5], 12, 0x4787_c62a)
            ff(&c, d, a, b, x[6], 17, 0xa830_4613); ff(&b, c, d, a, x[7], 22, 0xfd46_9501)
            ff(&a, b, c, d, x[8], 7, 0x6980_98d8); ff(&d, a, b, c, x[9], 12, 0x8b44_f7af)
            ff(&c, d, a, b, x[10], 17, 0xffff_5bb1); ff(&b, c, d, a, x[11], 22, 0x895c_d7be)
            ff(&a, b, c, d, x[12], 7, 0x6b90_1122); ff(&d, a, b, c, x[13], 12, 0xfd98_7193)
            ff(&c, d, a, b, x[14], 17, 0xa679_438e); ff(&b, c, d, a, x[15], 22, 0x49b4_0821)
            gg(&a, b, c, d, x[1], 5, 0xf61e_2562); gg(&d, a, b, c, x[6], 9, 0xc040_b340)
            gg(&c, d, a, b, x[11], 14, 0x265e_5a51); gg(&b, c, d, a, x[0], 20, 0xe9b6_c7aa)
            gg(&a, b, c, d, x[5], 5, 0xd62f_105d); gg(&d, a, b, c, x[10], 9, 0x0244_1453)
            gg(&c, d, a, b, x[15], 14, 0xd8a1_e681); gg(&b, c, d, a, x[4], 20, 0xe7d3_fbc8)
            gg(&a, b, c, d, x[9], 5, 0x21e1_cde6); gg(&d, a, b, c, x[14], 9, 0xc337_07d6)
            gg(&c, d, a, b, x[3], 14, 0xf4d5_0d87); gg(&b, c, d, a, x[8], 20, 0x455a_14ed)
            gg(&a, b, c, d, x[13], 5, 0xa9e3_e905); gg(&d, a, b, c, x[2], 9, 0xfcef_a3f8)
            gg(&c, d, a, b, x[7], 14, 0x676f_02d9); gg(&b, c, d, a, x[12], 20, 0x8d2a_4c8a)
            hh(&a, b, c, d, x[5], 4, 0xfffa_3942); hh(&d, a, b, c, x[8], 11, 0x8771_f681)
            hh(&c, d, a, b, x[11], 16, 0x6d9d_6122); hh(&b, c, d, a, x[14], 23, 0xfde5_380c)
            hh(&a, b, c, d, x[1], 4, 0xa4be_ea44); hh(&d, a, b, c, x[4], 11, 0x4bde_cfa9)
            hh(&c, d, a, b, x[7], 16, 0xf6bb_4b60); hh(&b, c, d, a, x[10], 23, 0xbebf_bc70)
            hh(&a, b, c, d, x[13], 4, 0x289b_7ec6); hh(&d, a, b, c, x[0], 11, 0xeaa1_27fa)
            hh(&c, d, a, b, x[3], 16, 0xd4ef_3085); hh(&b, c, d, a, x[6], 23, 0x0488_1d05)
            hh(&a, b, c, d, x[9], 4, 0xd9d4_d039); hh(&d, a, b, c, x[12], 11, 0xe6db_99e5)
            hh(&c, d, a, b, x[15], 16, 0x1fa2_7cf8); hh(&b, c, d, a, x[2], 23, 0xc4ac_5665)
            ii(&a, b, c, d, x[0], 6, 0xf429_2244); ii(&d, a, b, c, x[7], 10, 0x432a_ff97)
            ii(&c, d, a, b, x[14], 15, 0xab94_23a7); ii(&b, c, d, a, x[5], 21, 0xfc93_a039)
            ii(&a, b, c, d, x[12], 6, 0x655b_59c3); ii(&d, a, b, c, x[3], 10, 0x8f0c_cc92)
            ii(&c, d, a, b, x[10], 15, 0xffef_f47d); ii(&b, c, d, a, x[1], 21, 0x8584_5dd1)
            ii(&a, b, c, d, x[8], 6, 0x6fa8_7e4f); ii(&d, a, b, c, x[15], 10, 0xfe2c_e6e0)
            ii(&c, d, a, b, x[6], 15, 0xa301_4314); ii(&b, c, d, a, x[13], 21, 0x4e08_11a1)
            ii(&a, b, c, d, x[4], 6, 0xf753_7e82); ii(&d, a, b, c, x[11], 10, 0xbd3a_f235)
            ii(&c, d, a, b, x[2], 15, 0x2ad7_d2bb); ii(&b, c, d, a, x[9], 21, 0xeb86_d391)
            self.a = self.a &+ a
            self.b = self.b &+ b
            self.c = self.c &+ c
            self.d = self.d &+ d
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
