import Primitives
import Testing

/// MD5 and SHA-1 against the published vectors (RFC 1321, FIPS 180 / NIST examples) and the
/// LeanCloud request-signature example they were checked with when OpenSSL computed them.
@Suite struct DigestTests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
    ])
    func md5_matchesRFC1321Vectors(input: String, expected: String) {
        #expect(MD5.hex(input) == expected)
    }

    @Test func md5_matchesLeanCloudSignatureVector() {
        #expect(MD5.hex("1453014943466UtOCzqb67d3sN12Kts4URwy8") == "d5bcbb897e19b2f6633c716dfdfaf9be")
    }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ])
    func sha1_matchesNISTVectors(input: String, expected: String) {
        #expect(SHA1.hex(input) == expected)
    }

    @Test func digests_haveTheirStandardLengths() {
        let input: [UInt8] = [1, 2, 3]
        #expect(MD5.digest(input).count == 16)
        #expect(SHA1.digest(input).count == 20)
    }

    @Test func byteAndStringInputs_giveTheSameDigest() {
        #expect(MD5.digest(Array("abc".utf8)) == MD5.digest("abc"))
    }

    @Test func digests_areStableAcrossThreads() async {
        let expected = MD5.hex("abc")
        await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { MD5.hex("abc") } }
            for await result in group { #expect(result == expected) }
        }
    }
}
