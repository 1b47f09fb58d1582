import EmuCrypto
import Testing

/// Digests against published vectors (RFC 1321, FIPS 180 / NIST examples) and the LeanCloud
/// request-signature example.
@Suite struct DigestTests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
    ])
    func md5_matchesRFC1321Vectors(input: String, expected: String) {
        #expect(Digest.md5Hex(input) == expected)
    }

    @Test func md5_matchesLeanCloudSignatureVector() {
        #expect(Digest.md5Hex("1453014943466UtOCzqb67d3sN12Kts4URwy8") == "d5bcbb897e19b2f6633c716dfdfaf9be")
    }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ])
    func sha1_matchesNISTVectors(input: String, expected: String) {
        #expect(Digest.sha1Hex(input) == expected)
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256_matchesNISTVectors(input: String, expected: String) {
        #expect(Digest.sha256Hex(input) == expected)
    }

    @Test func digests_haveTheirStandardLengths() {
        let input: [UInt8] = [1, 2, 3]
        #expect(Digest.md5(input).count == 16)
        #expect(Digest.sha1(input).count == 20)
        #expect(Digest.sha256(input).count == 32)
    }

    @Test func byteAndStringInputs_giveTheSameDigest() {
        #expect(Digest.sha256Hex(Array("héllo".utf8)) == Digest.sha256Hex("héllo"))
        #expect(Digest.md5(Array("abc".utf8)) == Digest.md5("abc"))
    }

    @Test func digests_areStableAcrossThreads() async {
        let expected = Digest.md5Hex("abc")
        await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { Digest.md5Hex("abc") } }
            for await result in group { #expect(result == expected) }
        }
    }
}
