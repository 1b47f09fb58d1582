import EmuCrypto
import Testing

/// SHA-256 against published vectors (FIPS 180 / NIST examples). MD5 and SHA-1 are tested
/// with Primitives, where they live.
@Suite struct DigestTests {
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
        #expect(Digest.sha256(input).count == 32)
    }

    @Test func byteAndStringInputs_giveTheSameDigest() {
        #expect(Digest.sha256Hex(Array("héllo".utf8)) == Digest.sha256Hex("héllo"))
    }

    /// The fetched OpenSSL algorithm is shared by every thread.
    @Test func sha256_isStableAcrossThreads() async {
        let expected = Digest.sha256Hex("abc")
        await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { Digest.sha256Hex("abc") } }
            for await result in group { #expect(result == expected) }
        }
    }
}
