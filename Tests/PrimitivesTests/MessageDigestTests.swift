import Primitives
import Testing

/// The entry points MD5 and SHA-1 share: every way in hashes the same bytes the same way.
@Suite struct MessageDigestTests {
    static let text = "The quick brown fox jumps over the lazy dog, then over 64 bytes of padding."

    @Test func md5_givesOneDigest_forStringsArraysSequencesAndBuffers() {
        let bytes = Array(Self.text.utf8)
        let expected = MD5.digest(Self.text)
        #expect(MD5.digest(bytes) == expected)
        #expect(MD5.digest(Self.text.utf8) == expected)
        #expect(MD5.digest(AnySequence(bytes)) == expected)
        #expect(bytes.withUnsafeBytes { MD5.digest($0) } == expected)
        #expect(MD5.hex(AnySequence(bytes)) == MD5.hex(Self.text))
    }

    @Test func sha1_givesOneDigest_forStringsArraysSequencesAndBuffers() {
        let bytes = Array(Self.text.utf8)
        let expected = SHA1.digest(Self.text)
        #expect(SHA1.digest(bytes) == expected)
        #expect(SHA1.digest(Self.text.utf8) == expected)
        #expect(SHA1.digest(AnySequence(bytes)) == expected)
        #expect(bytes.withUnsafeBytes { SHA1.digest($0) } == expected)
        #expect(SHA1.hex(AnySequence(bytes)) == SHA1.hex(Self.text))
    }

    @Test func aSlice_isHashedAsItsOwnBytes() {
        let bytes = Array("xxabcxx".utf8)
        #expect(MD5.hex(bytes[2..<5]) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(SHA1.hex(bytes[2..<5]) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }
}
