import EmuCrypto
import Testing

@Suite struct RandomTests {
    @Test func bytes_returnsTheRequestedCount() {
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(SecureRandom.bytes(1).count == 1)
        #expect(SecureRandom.bytes(1000).count == 1000)
    }

    /// The bytes come 8 at a time from the system generator: a count that is not a multiple of 8
    /// still gets exactly that many, and the tail is random too, not left zero.
    @Test func bytes_fillsCountsThatAreNotAMultipleOfEight() {
        for count in 1...17 { #expect(SecureRandom.bytes(count).count == count) }
        // The last byte of 9 is 0 in all 64 draws with a chance of 256^-64.
        #expect((0..<64).contains { _ in SecureRandom.bytes(9)[8] != 0 })
    }

    @Test func bytes_differBetweenCalls() {
        #expect(SecureRandom.bytes(32) != SecureRandom.bytes(32))
    }

    @Test func string_usesOnlyTheAlphabet() {
        let value = SecureRandom.string(length: 2000, alphabet: "xyz")
        #expect(value.count == 2000)
        #expect(value.allSatisfy { "xyz".contains($0) })
        // With 2000 draws every letter shows up (the chance one is missing is ~1e-352).
        #expect(Set(value) == Set("xyz"))
    }

    @Test func string_supportsNonASCIIAndLargeAlphabets() {
        let emoji = SecureRandom.string(length: 50, alphabet: "🔑é")
        #expect(emoji.count == 50 && emoji.allSatisfy { $0 == "🔑" || $0 == "é" })
        let large = String((0..<300).map { Character(UnicodeScalar(0x4E00 + $0)!) })
        let value = SecureRandom.string(length: 100, alphabet: large)
        #expect(value.count == 100 && value.allSatisfy { large.contains($0) })
    }

    @Test func uniform_staysBelowTheBoundAndIsRoughlyEven() {
        var counts = [Int](repeating: 0, count: 3)
        for _ in 0..<3000 { counts[SecureRandom.uniform(3)] += 1 }
        // Expected 1000 each; 800…1200 is more than 13 standard deviations wide.
        #expect(counts.allSatisfy { (800...1200).contains($0) })
        #expect(SecureRandom.uniform(1) == 0)
    }
}
