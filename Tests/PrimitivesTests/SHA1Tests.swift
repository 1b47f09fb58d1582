import Primitives
import Testing

/// Known answers for the pure-Swift SHA-1, which had none while it lived in LCClient.
@Suite struct SHA1Tests {
    /// Lengths around the 56- and 64-byte padding boundaries (digests from Python's hashlib).
    static let boundaries: [(Int, String)] = [
        (55, "cef734ba81a024479e09eb5a75b6ddae62e6abf1"),
        (56, "901305367c259952f4e7af8323f480d59f81335b"),
        (63, "0ddc4e0cccd9a12850deb5abb0853a4425559fec"),
        (64, "bb2fa3ee7afb9f54c6dfb5d021f14b1ffe40c163"),
        (65, "78c741ddc482e4cdf8c474a0876347a0905b6233"),
        (127, "e463484d274607e1897d4099497cbf2aedcf8206"),
        (128, "150fa3fbdc899bd0b8f95a9fb6027f564d953762"),
        (1000, "c3efa690fa3fdd2e2526853eed670538ea127638"),
    ]

    @Test(arguments: boundaries)
    func hex_handlesPaddingBoundaries(length: Int, digest: String) {
        #expect(SHA1.hex(String(repeating: "x", count: length)) == digest)
        #expect(SHA1.hex([UInt8](repeating: UInt8(ascii: "x"), count: length)) == digest)
    }

    @Test func hex_matchesTheFIPS180TwoBlockVector() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA1.hex(message) == "a49b2446a02c645bf419f995b67091253a04a259")
    }

    @Test func hex_hashesAMillionBytes() {
        #expect(SHA1.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test func hex_hashesUTF8Bytes() {
        #expect(SHA1.hex("中文é") == "dfb4c7d9e1fd528a8d153594fef4f463914b7813")
    }

    @Test func digest_isTwentyBytes() {
        #expect(SHA1.digest("abc") == [
            0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a, 0xba, 0x3e,
            0x25, 0x71, 0x78, 0x50, 0xc2, 0x6c, 0x9c, 0xd0, 0xd8, 0x9d,
        ])
    }
}
