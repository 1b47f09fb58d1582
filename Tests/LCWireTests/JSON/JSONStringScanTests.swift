import Testing
@testable import LCWire

/// The reader and the serializer pass plain string bytes eight at a time (`JSONStringScan`):
/// every byte that needs a look — an escape, a quote, a control character, a multi-byte or an
/// invalid UTF-8 sequence — must be found at every offset modulo 8, alone or two in one word,
/// with what a byte-at-a-time reading answers (the value, or the error and its offset).
@Suite struct JSONStringScanTests {
    /// A piece of a JSON string's text and what it reads as: its bytes, or the error at its start.
    struct Piece: CustomStringConvertible {
        let text: [UInt8]
        /// What the piece reads as, or nil when it is an error.
        let value: [UInt8]?
        let error: String?
        var description: String { text.map { String($0, radix: 16) }.joined(separator: " ") }

        static func ok(_ text: [UInt8], _ value: [UInt8]) -> Piece { Piece(text: text, value: value, error: nil) }
        static func same(_ text: [UInt8]) -> Piece { Piece(text: text, value: text, error: nil) }
        static func bad(_ text: [UInt8], _ message: String) -> Piece { Piece(text: text, value: nil, error: message) }
    }

    static let pieces: [Piece] = [
        .ok(Array(#"\""#.utf8), [UInt8(ascii: "\"")]), .ok(Array(#"\\"#.utf8), [UInt8(ascii: "\\")]),
        .ok(Array(#"\n"#.utf8), [0x0A]), .ok(Array(#"\/"#.utf8), [UInt8(ascii: "/")]),
        .ok(Array(#"\u0041"#.utf8), [0x41]), .ok(Array(#"\ud83d\ude00"#.utf8), Array("😀".utf8)),
        .same(Array("é".utf8)), .same(Array("中".utf8)), .same(Array("😀".utf8)), .same([0x7F]), .same([0x20]),
        .bad([0x00], "Unescaped control character in string"), .bad([0x01], "Unescaped control character in string"),
        .bad([0x1F], "Unescaped control character in string"), .bad([0xC3, 0x28], "Invalid UTF-8"),
        .bad([0x80], "Invalid UTF-8"), .bad([0xFF], "Invalid UTF-8"), .bad([0xED, 0xA0, 0x80], "Invalid UTF-8"),
        .bad([0xE4, 0xB8, 0x28], "Invalid UTF-8"),
    ]

    /// Reads `["<pieces between plain runs>",1]` and checks it against the pieces' own reading.
    static func check(_ parts: [Piece], gaps: [Int]) {
        let plain = Array(repeating: UInt8(ascii: "b"), count: 24)
        var text = Array(#"[""#.utf8), value: [UInt8] = [], failure: (String, Int)?
        for (part, gap) in zip(parts, gaps) {
            text += plain[..<gap]
            value += plain[..<gap]
            if let bytes = part.value { value += bytes }
            if let message = part.error, failure == nil { failure = (message, text.count) }
            text += part.text
        }
        text += plain[..<5] + Array(#"",1]"#.utf8)
        value += plain[..<5]
        do {
            let parsed = try JSONParser.parse(text)
            #expect(failure == nil, "\(parts) \(gaps)")
            #expect(parsed == [.string(String(decoding: value, as: UTF8.self)), 1], "\(parts) \(gaps)")
        } catch let error as JSONParseError {
            #expect(error.message == failure?.0 && error.offset == failure?.1, "\(parts) \(gaps): \(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func onePiece_atEveryOffset() {
        for gap in 0..<18 {
            for piece in Self.pieces { Self.check([piece], gaps: [gap]) }
        }
    }

    @Test func twoPieces_inOneWordOrTwo() {
        for first in 0..<9 {
            for gap in 0..<9 {
                for one in Self.pieces {
                    for other in Self.pieces { Self.check([one, other], gaps: [first, gap]) }
                }
            }
        }
    }

    /// A string that never closes fails at the end of the text, whatever its length.
    @Test func unterminated_failsAtTheEnd() {
        for length in 0..<20 {
            for tail in [[], Array(#"\n"#.utf8), Array("é".utf8)] {
                let text = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "a"), count: length) + tail
                #expect(throws: JSONParseError(message: "Unterminated string", offset: text.count)) {
                    try JSONParser.parse(text)
                }
            }
        }
    }

    /// `JSON.stringify`'s escapes, one scalar at a time: the serializer's word-wise runs must
    /// write exactly this.
    static func referenceQuoted(_ string: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0..<0x20: out += Array(String(format: byte).utf8)
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }

    @Test func serializer_escapesEveryByte_atEveryOffset() throws {
        let specials = ["\"", "\\", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{C}", "\r", "\u{1F}", "\u{7F}", " ", "/",
                        "é", "中", "😀"]
        let plain = String(repeating: "p", count: 20)
        for first in 0..<10 {
            for gap in 0..<9 {
                for one in specials {
                    for other in specials {
                        let string = String(plain.prefix(first)) + one + String(plain.prefix(gap)) + other + String(plain.prefix(3))
                        let written = JSON.string(string).serialized()
                        #expect(written == Self.referenceQuoted(string), "\(first) \(gap) \(one) \(other)")
                        #expect(try JSONParser.parse(written) == .string(string))
                    }
                }
            }
        }
    }

    @Test func plainRuns_endAtTheFirstByteThatNeedsALook() {
        for length in 0..<20 {
            for position in 0...length {
                for (byte, nonASCII, found) in [(UInt8(ascii: "\""), false, true), (0x80, false, false), (0x80, true, true),
                                                 (0x1F, false, true), (0x20, true, false), (0xE9, true, true)] {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                    bytes.insert(byte, at: position)
                    let end = bytes.withUnsafeBufferPointer {
                        JSONStringScan.endOfPlainRun(in: $0, from: 0, nonASCII: nonASCII)
                    }
                    #expect(end == (found ? position : bytes.count), "\(length) \(position) \(byte)")
                }
            }
        }
    }
}

private extension String {
    /// `\u00xx` in lowercase hex, as `JSON.stringify` writes a control character.
    init(format byte: UInt8) {
        let hex = String(byte, radix: 16)
        self = "\\u00" + (hex.count == 1 ? "0" + hex : hex)
    }
}
