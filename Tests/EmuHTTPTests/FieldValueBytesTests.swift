@testable import EmuHTTP
import Testing

/// `HTTPBytes.isFieldValue`, the word-at-a-time check of a field value, answers as the byte
/// predicate `isFieldValueChar` does for every byte value at every position of every length up
/// to 24 (three words and a tail), so no word test can let a control character through.
@Suite struct FieldValueBytesTests {
    static func byteByByte(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy(HTTPBytes.isFieldValueChar) }

    static func wordwise(_ bytes: [UInt8], _ range: Range<Int>? = nil) -> Bool {
        bytes.withUnsafeBufferPointer { HTTPBytes.isFieldValue($0, range ?? 0..<bytes.count) }
    }

    @Test func everyByte_atEveryPosition_isJudgedAsTheBytePredicateJudgesIt() {
        for length in 1...24 {
            for position in 0..<length {
                for byte in UInt8.min...UInt8.max {
                    var value = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    value[position] = byte
                    #expect(Self.wordwise(value) == HTTPBytes.isFieldValueChar(byte), "byte \(byte) at \(position) of \(length)")
                }
            }
        }
    }

    @Test func mixedValues_andSubranges() {
        let samples: [[UInt8]] = [
            Array("127.0.0.1:18390".utf8), Array("d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466,master".utf8),
            Array("tab\tinside and é, obs-text \u{7F}".utf8), Array("nul \0 late in a long value ...".utf8),
            [0xFF, 0x80, 0x20, 0x7E, 0x09, 0xC3, 0xA9, 0x21, 0x22, 0x7F], [0x1F] + Array(repeating: 0x41, count: 20),
            Array(repeating: 0x41, count: 20) + [0x0A], Array(repeating: 0x09, count: 17), [],
        ]
        for sample in samples {
            #expect(Self.wordwise(sample) == Self.byteByByte(sample), "\(sample)")
            for start in 0...sample.count {
                for end in start...sample.count {
                    #expect(Self.wordwise(sample, start..<end) == Self.byteByByte(Array(sample[start..<end])))
                }
            }
        }
    }
}
