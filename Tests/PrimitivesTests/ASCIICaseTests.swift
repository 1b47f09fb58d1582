import Primitives
import Testing

/// `asciiCaseInsensitiveEquals`: letters match in either case, nothing else does, for small
/// (inline) and large (heap) strings, and for bytes that differ by the case bit but are no letters.
@Suite struct ASCIICaseTests {
    @Test func lettersMatchInEitherCase() {
        #expect("X-LC-Sign".asciiCaseInsensitiveEquals("x-lc-sign"))
        #expect("Content-Type".asciiCaseInsensitiveEquals("CONTENT-TYPE"))
        let long = "X-AVOSCloud-Application-Production"
        #expect(long.asciiCaseInsensitiveEquals(long.lowercased()))
        #expect(long.asciiCaseInsensitiveEquals(long))
        #expect("".asciiCaseInsensitiveEquals(""))
    }

    @Test func differentTexts_andNonLetters_differ() {
        #expect(!"X-LC-Sign".asciiCaseInsensitiveEquals("X-LC-Prod"))
        #expect(!"X-LC-Id".asciiCaseInsensitiveEquals("X-LC-I"))
        #expect(!"X-AVOSCloud-Application-Production".asciiCaseInsensitiveEquals("X-AVOSCloud-Application-Productioo"))
        // Pairs that differ only by 0x20 but are not letters: @ `, [ {, ] }, ^ ~, digits and their controls.
        for (a, b) in [("@", "`"), ("[", "{"), ("]", "}"), ("^", "~"), ("\u{10}", "0"), ("\u{19}", "9"), ("_", "\u{7F}")] {
            #expect(!("x" + a).asciiCaseInsensitiveEquals("x" + b), "\(a) \(b)")
            #expect(!("x" + b).asciiCaseInsensitiveEquals("x" + a), "\(b) \(a)")
        }
        // Non-ASCII bytes are compared exactly.
        #expect("é".asciiCaseInsensitiveEquals("é"))
        #expect(!"é".asciiCaseInsensitiveEquals("É"))
    }

    @Test func everyLetter_andEveryOtherByte() {
        for byte in UInt8(0)...UInt8(127) {
            let text = String(decoding: [UInt8(ascii: "k"), byte], as: UTF8.self)
            let flipped = String(decoding: [UInt8(ascii: "K"), byte ^ 0x20], as: UTF8.self)
            let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            #expect(text.asciiCaseInsensitiveEquals(flipped) == isLetter, "byte \(byte)")
        }
    }
}
