import EmuCrypto
import Foundation
import Testing

@Suite struct PasswordHasherTests {
    /// Few iterations keep the suite fast; the format and logic do not depend on the count.
    let hasher = PasswordHasher(iterations: 100)

    @Test func hash_usesTheDocumentedFormat() throws {
        let encoded = hasher.hash(password: "hunter2")
        let fields = encoded.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 4)
        #expect(fields[0] == "pbkdf2-sha256")
        #expect(fields[1] == "100")
        #expect(try #require(Data(base64Encoded: fields[2])).count == 16)
        #expect(try #require(Data(base64Encoded: fields[3])).count == 32)
    }

    @Test func defaultIterations_isTenThousand() {
        #expect(PasswordHasher().iterations == 10_000)
        #expect(PasswordHasher().hash(password: "x").hasPrefix("pbkdf2-sha256$10000$"))
    }

    @Test func verify_returnsTrue_forTheHashedPassword() {
        let encoded = hasher.hash(password: "correct horse battery staple")
        #expect(hasher.verify(password: "correct horse battery staple", encoded: encoded))
    }

    @Test func verify_returnsFalse_forAWrongPassword() {
        let encoded = hasher.hash(password: "secret")
        #expect(!hasher.verify(password: "Secret", encoded: encoded))
        #expect(!hasher.verify(password: "", encoded: encoded))
    }

    @Test func verify_handlesEmptyAndUnicodePasswords() {
        #expect(hasher.verify(password: "", encoded: hasher.hash(password: "")))
        #expect(hasher.verify(password: "пароль🔑", encoded: hasher.hash(password: "пароль🔑")))
    }

    @Test func hash_saltsEachCall() {
        #expect(hasher.hash(password: "same") != hasher.hash(password: "same"))
    }

    @Test func verify_usesTheIterationsStoredInTheHash() {
        let encoded = PasswordHasher(iterations: 3).hash(password: "pw")
        #expect(PasswordHasher(iterations: 50).verify(password: "pw", encoded: encoded))
    }

    @Test func verify_returnsFalse_forTamperedHash() throws {
        let encoded = hasher.hash(password: "pw")
        var fields = encoded.split(separator: "$").map(String.init)
        var hash = try #require(Data(base64Encoded: fields[3]))
        hash[0] ^= 0x01
        fields[3] = hash.base64EncodedString()
        #expect(!hasher.verify(password: "pw", encoded: fields.joined(separator: "$")))

        var otherIterations = encoded.split(separator: "$").map(String.init)
        otherIterations[1] = "101"
        #expect(!hasher.verify(password: "pw", encoded: otherIterations.joined(separator: "$")))
    }

    @Test(arguments: [
        "", "pbkdf2-sha256", "pbkdf2-sha256$100$", "pbkdf2-sha256$$c2FsdA==$aGFzaA==",
        "pbkdf2-sha1$100$c2FsdHNhbHRzYWx0c2FsdA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "pbkdf2-sha256$abc$c2FsdHNhbHRzYWx0c2FsdA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "pbkdf2-sha256$0$c2FsdHNhbHRzYWx0c2FsdA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "pbkdf2-sha256$-5$c2FsdHNhbHRzYWx0c2FsdA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "pbkdf2-sha256$999999999999$c2FsdHNhbHRzYWx0c2FsdA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "pbkdf2-sha256$100$!!notbase64!!$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "pbkdf2-sha256$100$c2FsdHNhbHRzYWx0c2FsdA==$AA==",
        "pbkdf2-sha256$100$c2FsdHNhbHRzYWx0c2FsdA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=$extra",
        "plaintext-password",
    ])
    func verify_returnsFalse_forMalformedEncodedStrings(encoded: String) {
        #expect(!hasher.verify(password: "pw", encoded: encoded))
    }
}
