import Testing
@testable import LCWire

/// `CanonicalJSON` may say yes only when copying the text gives what parsing and serializing
/// it would: the query page relies on it to copy stored objects into responses.
@Suite struct CanonicalJSONTests {
    static let texts = [
        #"{}"#, #"{"a":1}"#, #"{"a":1,"b":"x","c":[1,2,{"d":null}],"e":true,"f":false}"#,
        #"{"n":1.5,"m":-7,"big":1e+21,"small":5e-324,"z":0,"neg":-0.001}"#,
        #"{"n":-0}"#, #"{"n":1.0}"#, #"{"n":1E2}"#, #"{"n":1e2}"#, #"{"n":01}"#, #"{"n":123456789012345678}"#,
        #"{"s":"\u0001\n\t\"\\"}"#, #"{"s":"\u000a"}"#, #"{"s":"\u0041"}"#, #"{"s":"\/"}"#, #"{"s":"\u001F"}"#,
        #"{"s":"\u001f"}"#, #"{"s":"é中😀"}"#, #"{"s":"\ud83d\ude00"}"#,
        #"{ "a":1}"#, #"{"a" :1}"#, #"{"a":1,}"#, #"{"a":1}x"#, #"{"a":[1,]}"#, #"{"a":1,"a":2}"#,
        #"{"o":{"k":1,"k":2}}"#, #"{"o":{"k":1},"p":{"k":2}}"#, #"{"a":tru}"#, #"{"a":"x}"#, #"[1]"#, "",
    ]

    @Test(arguments: texts)
    func acceptsExactlyWhatSerializesBackTheSame(text: String) {
        let bytes = Array(text.utf8)
        let roundTrip = (try? JSONParser.parse(bytes)).map { $0.serialized() }
        let isObject = (try? JSONParser.parse(bytes))?.objectValue != nil
        let canonical = bytes.withUnsafeBufferPointer { CanonicalJSON.isCanonicalObject($0) }
        #expect(canonical == (isObject && roundTrip == bytes), "\(text)")
    }

    /// An object of `count` keys `k0…`, the last one's value `last`.
    static func object(keys count: Int, prefix: String = "k", last: String = "1") -> String {
        "{" + (0..<count).map { "\"\(prefix)\($0)\":" + ($0 == count - 1 ? last : "1") }.joined(separator: ",") + "}"
    }

    /// The limits on keys (64 per object, 128 open at once, 64 levels) only ever answer false,
    /// never a wrong yes; inside them, nesting and repeated names at other levels are fine.
    @Test func keyLimits_answerNo_andInsideThemNestingIsChecked() {
        func canonical(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { CanonicalJSON.isCanonicalObject($0) }
        }
        #expect(canonical(Self.object(keys: 64)))
        #expect(!canonical(Self.object(keys: 65)))
        // 64 open keys outside and 64 inside: 128, the most kept at once.
        #expect(canonical(Self.object(keys: 64, last: Self.object(keys: 64))))
        #expect(!canonical(Self.object(keys: 64, last: Self.object(keys: 64, last: Self.object(keys: 1)))))
        // Siblings close before the next opens: their keys never add up.
        let siblings = "{" + (0..<10).map { "\"o\($0)\":" + Self.object(keys: 60) }.joined(separator: ",") + "}"
        #expect(canonical(siblings))
        // The same key in an inner and an outer object is no repeat; in one inner object it is.
        #expect(canonical(#"{"k0":1,"o":{"k0":1}}"#))
        #expect(!canonical(#"{"k0":1,"o":{"k0":1,"k0":2}}"#))
        let deep = String(repeating: #"{"a":"#, count: 64) + "1" + String(repeating: "}", count: 64)
        #expect(canonical(deep))
        #expect(!canonical(String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65)))
    }

    /// Strings are scanned 8 bytes at a time while they are plain ASCII: a byte that needs a
    /// look (a quote, an escape, a control character, a multi-byte character, invalid UTF-8) is
    /// found at every position of a long string, each answered as parsing it would.
    @Test func longStrings_findEveryByteThatNeedsALook_atEveryPosition() {
        let specials: [[UInt8]] = [Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u0041"#.utf8), Array(#"\n"#.utf8),
                                   Array(#"\/"#.utf8), [0x01], [0x1F], [0x7F], Array("é".utf8), Array("😀".utf8),
                                   [0xC3, 0x28], [0x80], [0xFF], [UInt8(ascii: "\"")]]
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31] {
            for position in 0...length {
                for special in specials {
                    let plain = Array(repeating: UInt8(ascii: "a"), count: length)
                    let bytes = Array(#"{"s":""#.utf8) + plain[..<position] + special + plain[position...] + Array(#""}"#.utf8)
                    let roundTrip = (try? JSONParser.parse(bytes)).map { $0.serialized() }
                    let canonical = bytes.withUnsafeBufferPointer { CanonicalJSON.isCanonicalObject($0) }
                    #expect(canonical == (roundTrip == bytes), "\(length) \(position) \(special)")
                }
            }
        }
    }

    /// Two bytes that need a look in one word: the scan stops at the first (the lowest of the
    /// word's flags, never one a borrow set wrongly above it), then goes on from there.
    @Test func twoBytesThatNeedALook_inOneWord_areBothFound() {
        let specials: [[UInt8]] = [Array(#"\""#.utf8), Array(#"\u0001"#.utf8), Array(#"\n"#.utf8), Array(#"\/"#.utf8),
                                   [0x00], [0x01], [0x1F], [0x20], [0x21], [0x7F], Array("é".utf8), [0x80], [0xC3, 0x28],
                                   [UInt8(ascii: "\"")]]
        for position in 0..<10 {
            for gap in 0..<9 {
                for first in specials {
                    for second in specials {
                        let plain = Array(repeating: UInt8(ascii: "b"), count: 24)
                        let text = plain[..<position] + first + plain[..<gap] + second + plain[..<5]
                        let bytes = Array(#"{"s":""#.utf8) + text + Array(#"","t":1}"#.utf8)
                        let roundTrip = (try? JSONParser.parse(bytes)).map { $0.serialized() }
                        let canonical = bytes.withUnsafeBufferPointer { CanonicalJSON.isCanonicalObject($0) }
                        #expect(canonical == (roundTrip == bytes), "\(position) \(gap) \(first) \(second)")
                    }
                }
            }
        }
    }

    @Test func invalidUTF8_isNotCanonical() {
        let bytes: [UInt8] = Array(#"{"s":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(!bytes.withUnsafeBufferPointer { CanonicalJSON.isCanonicalObject($0) })
    }

    @Test func topLevelKeys_areOffered_andMayBeRefused() {
        let bytes = Array(#"{"a":{"objectId":1},"b":2}"#.utf8)
        var seen: [String] = []
        let accepted = bytes.withUnsafeBufferPointer { text in
            CanonicalJSON.isCanonicalObject(text) { key in
                seen.append(String(decoding: key, as: UTF8.self))
                return key.count == 1
            }
        }
        #expect(accepted)
        #expect(seen == ["a", "b"])
        let refused = bytes.withUnsafeBufferPointer { CanonicalJSON.isCanonicalObject($0) { _ in false } }
        #expect(!refused)
    }

    @Test func isoString_matchesIso() {
        for milliseconds: Int64 in [0, 1_435_541_975_931, -1, -62_198_755_200_001, 253_402_300_800_000] {
            let date = LCDate(millisecondsSince1970: milliseconds)
            var serializer = JSONSerializer()
            serializer.appendISOString(date)
            #expect(serializer.bytes == JSON.string(date.iso).serialized())
        }
    }

    /// The server fields written in one piece are what the object's response form serializes to:
    /// the same and different dates, dates of every width, ids plain, empty, long, escaped and not ASCII.
    @Test func serverFields_matchTheirSerializedMembers() {
        let dates: [Int64] = [0, 1_435_541_975_931, -1, -62_198_755_200_001, 253_402_300_800_000]
        let ids = ["5f1e2d3c4b5a697887766554", "", "a", "abcdefgh", "q\"uote", "back\\slash", "tab\t", "é-id",
                   String(repeating: "x", count: 3_000)]
        for created in dates {
            for updated in [created, 1_435_541_975_931] {
                for id in ids {
                    let createdAt = LCDate(millisecondsSince1970: created)
                    let updatedAt = LCDate(millisecondsSince1970: updated)
                    var serializer = JSONSerializer()
                    var bytes = Array(id.utf8)
                    bytes.withUnsafeMutableBufferPointer {
                        serializer.appendServerFields(createdAt: createdAt, updatedAt: updatedAt, objectId: UnsafeBufferPointer($0))
                    }
                    let object: JSONObject = ["createdAt": .string(createdAt.iso), "updatedAt": .string(updatedAt.iso),
                                              "objectId": .string(id)]
                    #expect(serializer.bytes == Array(JSON.object(object).serialized().dropFirst().dropLast()))
                }
            }
        }
        var serializer = JSONSerializer()
        serializer.appendServerFields(createdAt: LCDate(millisecondsSince1970: 0), updatedAt: LCDate(millisecondsSince1970: 0),
                                      objectId: UnsafeBufferPointer(start: nil, count: 0))
        #expect(String(decoding: serializer.bytes, as: UTF8.self)
                == #""createdAt":"1970-01-01T00:00:00.000Z","updatedAt":"1970-01-01T00:00:00.000Z","objectId":"""#)
    }

    @Test func plainStrings_fromUTF8_matchTheSerializedString() {
        for text in ["", "a", "abcdefgh", "abcdefghi", "1234567\"", "12345678\\x", "\u{1}2345678", "1234567é", "tab\t"] {
            var serializer = JSONSerializer()
            var bytes = Array(text.utf8)
            bytes.withUnsafeMutableBufferPointer { serializer.appendString(utf8: UnsafeBufferPointer($0)) }
            #expect(serializer.bytes == JSON.string(text).serialized())
        }
    }
}
