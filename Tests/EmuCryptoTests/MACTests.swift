import EmuCrypto
import Primitives
import Testing

/// HMAC-SHA256 (RFC 4231) and PBKDF2-HMAC-SHA256 known answers.
@Suite struct MACTests {
    @Test func hmacSHA256_matchesRFC4231TestCase1() {
        let key = [UInt8](repeating: 0x0b, count: 20)
        let mac = HMAC.sha256(key: key, message: Array("Hi There".utf8))
        #expect(Hex.encode(mac) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test func hmacSHA256_matchesRFC4231TestCase2() {
        #expect(HMAC.sha256Hex(key: "Jefe", message: "what do ya want for nothing?")
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func hmacSHA256_acceptsAnEmptyKeyAndMessage() {
        // Known answer for HMAC-SHA256("", "").
        #expect(HMAC.sha256Hex(key: "", message: "")
            == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test(arguments: [
        (1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        (2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
    ])
    func pbkdf2SHA256_matchesKnownVectors(iterations: Int, expected: String) {
        let derived = PasswordHasher.pbkdf2SHA256(
            password: Array("password".utf8), salt: Array("salt".utf8), iterations: iterations, length: 32)
        #expect(Hex.encode(derived) == expected)
    }
}
