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
}
