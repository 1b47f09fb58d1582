import Testing
import Primitives

@Suite struct MD5Tests {
    /// RFC 1321 §A.5 test suite.
    static let rfc1321: [(String, String)] = [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "57edf4a22be3c955ac49da2e2107b67a"),
    ]

    @Test(arguments: rfc1321)
    func hex_matchesRFC1321Vectors(input: String, digest: String) {
        #expect(MD5.hex(input) == digest)
        #expect(MD5.hex(Array(input.utf8)) == digest)
    }

    /// Lengths around the 56- and 64-byte padding boundaries (digests from Python's hashlib).
    static let boundaries: [(Int, String)] = [
        (55, "04364420e25c512fd958a70738aa8f72"),
        (56, "668a72d5ba17f08e62dabcafad6db14b"),
        (63, "7dc2ca208106a2f703567bdff99d8981"),
        (64, "c1bb4f81d892b2d57947682aeb252456"),
        (65, "1bc932052302d074bdec39795fe00cf6"),
        (127, "a0b28c1da68705c2ff883fe279b72753"),
        (128, "d69cb61a6ee87200676eb0d4b90edbcb"),
        (1000, "398533d48111e9f664b1f64cb10c4b63"),
    ]

    @Test(arguments: boundaries)
    func hex_handlesPaddingBoundaries(length: Int, digest: String) {
        #expect(MD5.hex(String(repeating: "x", count: length)) == digest)
    }

    @Test func hex_hashesUTF8Bytes() {
        #expect(MD5.hex("中文é") == "1be4400c124fac09425b615257110a8e")
    }

    @Test func hex_hashesAMillionBytes() {
        #expect(MD5.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == "7707d6ae4e027c70eea2a935c2296f21")
    }

    @Test func digest_isSixteenBytes() {
        #expect(MD5.digest("abc") == [
            0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2, 0x4f, 0xb0, 0xd6, 0x96, 0x3f, 0x7d, 0x28, 0xe1, 0x7f, 0x72,
        ])
    }

    /// The signature check against the plain digest, over the boundaries its one-block path
    /// (at most 55 bytes) and its word-at-a-time comparison have: every length to 130, cut at
    /// every place, and every hex digit made wrong in turn (to a digit and to a letter).
    @Test(arguments: [0, 1, 13, 37, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 130])
    func matchesLowercaseHex_agreesWithTheDigest_aroundEveryBoundary(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ length) }
        let digest = Array(MD5.hex(bytes).utf8)
        for cut in 0...length {
            func check(_ hex: [UInt8]) -> Bool {
                bytes[..<cut].withUnsafeBufferPointer { head in
                    bytes[cut...].withUnsafeBufferPointer { tail in
                        hex.withUnsafeBufferPointer { MD5.digest(of: head, tail, matchesLowercaseHex: $0) }
                    }
                }
            }
            #expect(check(digest))
            #expect(!check(Array(digest.dropLast())))
            for position in digest.indices where cut == length / 2 || cut == 0 {
                for replacement in [UInt8(ascii: "0"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "f")]
                where replacement != digest[position] {
                    var wrong = digest
                    wrong[position] = replacement
                    #expect(!check(wrong))
                }
            }
        }
    }

    /// The check of every signed request, over bytes read in place and over strings: the same
    /// verdict, for every split of an RFC 1321 vector into two parts, its hex in either case.
    @Test(arguments: rfc1321)
    func matchesLowercaseHex_overBytesAndStrings(input: String, digest: String) {
        let bytes = Array(input.utf8), upper = digest.uppercased(), wrong = String(digest.reversed())
        for cut in 0...bytes.count {
            let first = String(decoding: bytes[..<cut], as: UTF8.self), second = String(decoding: bytes[cut...], as: UTF8.self)
            for (hex, expected) in [(digest, true), (upper, digest == upper), (wrong, digest == wrong)] {
                let overBytes = bytes[..<cut].withUnsafeBufferPointer { head in
                    bytes[cut...].withUnsafeBufferPointer { tail in
                        Array(hex.utf8).withUnsafeBufferPointer { MD5.digest(of: head, tail, matchesLowercaseHex: $0) }
                    }
                }
                #expect(overBytes == expected)
                #expect(MD5.digest(of: Substring(first), second, matchesLowercaseHex: Substring(hex)) == expected)
            }
        }
    }
}
