@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Testing

@Suite struct SessionTokenFormatTests {
    @Test func sessionToken_is25LowercaseAlphanumerics() {
        for _ in 0..<100 {
            let token = SessionToken.generate()
            #expect(token.count == 25)
            #expect(token.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) })
        }
    }

    @Test func sessionTokens_areUnique() {
        let tokens = (0..<1000).map { _ in SessionToken.generate() }
        #expect(Set(tokens).count == tokens.count)
    }
}
