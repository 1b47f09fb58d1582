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

/// The word-at-a-time pass: a difference of case, or of anything else, at every position of
/// texts up to 40 bytes long (five words and a tail), small and heap strings alike.
@Suite struct ASCIICaseWordTests {
    @Test func aDifferenceAtEveryPosition_isJudgedByteByByte() {
        for length in 1...40 {
            let base = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let text = String(decoding: base, as: UTF8.self)
            for position in 0..<length {
                var upper = base
                upper[position] -= 0x20
                #expect(text.asciiCaseInsensitiveEquals(String(decoding: upper, as: UTF8.self)), "case at \(position) of \(length)")
                var other = base
                other[position] = UInt8(ascii: "-")
                #expect(!text.asciiCaseInsensitiveEquals(String(decoding: other, as: UTF8.self)), "byte at \(position) of \(length)")
                var flipped = base
                flipped[position] = UInt8(ascii: "@")  // differs from "`" only by the case bit
                var flippedOther = base
                flippedOther[position] = UInt8(ascii: "`")
                #expect(!String(decoding: flipped, as: UTF8.self).asciiCaseInsensitiveEquals(String(decoding: flippedOther, as: UTF8.self)))
            }
        }
    }
}
