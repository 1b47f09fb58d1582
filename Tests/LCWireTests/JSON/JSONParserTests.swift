import Testing
@testable import LCWire

@Suite struct JSONParserTests {
    /// Valid texts and the value each must produce.
    static let valid: [(String, JSON)] = [
        ("null", .null),
        ("true", true),
        ("false", false),
        ("0", 0),
        ("-0", .number(-0.0)),
        ("42", 42),
        ("-17", -17),
        ("3.25", 3.25),
        ("1e3", 1000),
        ("1E+2", 100),
        ("25e-1", 2.5),
        ("0.1", 0.1),
        ("123456789012", 123_456_789_012),
        ("9007199254740993", .number(9_007_199_254_740_992)),  // rounds like JS
        ("1e-400", 0),  // underflow rounds to 0, like any rounding to a double
        (#""""#, ""),
        (#""abc""#, "abc"),
        (#""a\"b\\c\/d""#, "a\"b\\c/d"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""\u0041\u00e9\u4e2d""#, "Aé中"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uFFFD""#, "\u{FFFD}"),  // a replacement character sent as such is kept
        ("\"日本語 é\"", "日本語 é"),
        ("[]", []),
        ("{}", [:]),
        ("[1,[2,[3]]]", [1, [2, [3]]]),
        (#"{"a":{"b":[true,null]}}"#, ["a": ["b": [true, nil]]]),
        (" \t\r\n[ 1 , 2 ]\n ", [1, 2]),
        (#"{ "k" : "v" }"#, ["k": "v"]),
    ]

    @Test(arguments: valid)
    func parse_acceptsValidText(text: String, expected: JSON) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    /// Invalid texts, and for some of them the byte offset the error must report.
    static let invalid: [(String, Int?)] = [
        ("", 0),
        ("   ", 3),
        ("[1,]", 3),
        (#"{"a":1,}"#, 7),
        ("[1 2]", 3),
        ("01", 1),
        ("-01", 2),
        ("1.", 2),
        (".5", 0),
        ("1e", 2),
        ("+1", 0),
        ("-", 1),
        ("NaN", 0),
        ("Infinity", 0),
        ("nul", 0),
        ("truex", 4),
        ("[1] x", 4),
        ("// c\n1", 0),
        ("/* c */ 1", 0),
        ("'a'", 0),
        (#"{a:1}"#, 1),
        (#"{"a" 1}"#, 5),
        (#""abc"#, 4),
        ("\"a\u{1}b\"", 2),
        ("\"a\nb\"", 2),
        (#""\x""#, 1),
        (#""\u12G4""#, 1),
        (#""\u12""#, 1),
        ("[", 1),
        (#"{"a":"#, 5),
        ("\u{FEFF}1", 0),
        ("{\"a\":1}}", 7),
        ("[1,,2]", 3),
        ("[,1]", 1),
    ]

    @Test(arguments: invalid)
    func parse_rejectsInvalidText(text: String, offset: Int?) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return offset.map { error.offset == $0 } ?? true
        }
    }

    @Test func parse_rejectsTrailingComma() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse("[1,2,]") }
        #expect(error.offset == 5)
    }

    @Test func parse_keepsKeyOrder() throws {
        let value = try JSONParser.parse(#"{"z":1,"a":2,"m":3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test func parse_duplicateKeyLastValueWinsAtFirstPosition() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == 3)
    }

    @Test func parse_enforcesDepthLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONParser.parse(ok).arrayValue != nil)
        let deep = "[" + ok + "]"
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        #expect(error.offset == 512)
    }

    @Test func parse_honoursCustomDepthLimit() throws {
        #expect(try JSONParser.parse(#"{"a":[1]}"#, maxDepth: 2) == ["a": [1]])
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"a":[[1]]}"#, maxDepth: 2) }
    }

    @Test func parse_survivesVeryDeepInputWithoutRecursion() {
        let deep = String(repeating: "[", count: 200_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    }

    /// Text that could only be stored as another value: refused with its offset,
    /// as `.unrepresentable`, instead of becoming U+FFFD or infinity (then null).
    static let unrepresentable: [(String, [UInt8], Int)] = [
        ("invalid byte", [0x22, 0x61, 0xFF, 0x62, 0x22], 2),
        ("lone continuation", [0x22, 0x80, 0x22], 1),
        ("truncated sequence", [0x22, 0x61, 0xE4, 0xB8, 0x22], 2),
        ("sequence cut by the end", [0x22, 0xE4, 0xB8], 1),
        ("overlong slash", [0x22, 0xC0, 0xAF, 0x22], 1),
        ("overlong three bytes", [0x22, 0xE0, 0x80, 0xAF, 0x22], 1),
        ("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], 1),
        ("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),
        ("invalid byte after an escape", [0x22, 0x5C, 0x6E, 0xFE, 0x22], 3),
        ("invalid byte in a key", Array(#"{"a"#.utf8) + [0xFF] + Array(#"":1}"#.utf8), 3),
        ("lone high surrogate", Array(#"["\ud800"]"#.utf8), 2),
        ("lone low surrogate", Array(#""x\ude00""#.utf8), 2),
        ("high surrogate before a letter", Array(#""\ud83d\u0041""#.utf8), 1),
        ("huge number", Array(#"{"n":1e400}"#.utf8), 5),
        ("huge negative number", Array("[-1e309]".utf8), 1),
        ("huge integer", Array(("[" + String(repeating: "9", count: 400) + "]").utf8), 1),
    ]

    @Test(arguments: unrepresentable)
    func parse_refusesUnrepresentableText(name: String, bytes: [UInt8], offset: Int) throws {
        let error = try #require(throws: JSONParseError.self, "\(name)") { try JSONParser.parse(bytes) }
        #expect(error.offset == offset, "\(name)")
        #expect(error.reason == .unrepresentable, "\(name)")
    }

    @Test func parse_keepsValidMultibyteText() throws {
        let text = "é中😀\u{10FFFF}\u{FFFD}"
        #expect(try JSONParser.parse(Array(("\"" + text + "\\n\"").utf8)) == .string(text + "\n"))
        #expect(try JSONParser.parse(Array(("\"" + text + "\"").utf8)) == .string(text))
    }

    @Test func syntaxErrors_areSyntax() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse("[1 2]") }
        #expect(error.reason == .syntax)
    }

    @Test func parse_acceptsBytesAndSlices() throws {
        let bytes = Array("xx[1,2]".utf8)
        #expect(try JSONParser.parse(bytes[2...]) == [1, 2])
        #expect(try JSONParser.parse(Array(bytes[2...])) == [1, 2])
    }

    @Test func parseError_describesMessageAndOffset() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse("[1 2]") }
        #expect(error.description == "Expected ',' or ']' in array at byte 3")
    }

    @Test func parse_readsLongEscapedAndPlainStrings() throws {
        let plain = String(repeating: "abc", count: 1000)
        #expect(try JSONParser.parse("\"\(plain)\"") == .string(plain))
        #expect(try JSONParser.parse("\"\(plain)\\n\(plain)\"") == .string(plain + "\n" + plain))
    }
}
