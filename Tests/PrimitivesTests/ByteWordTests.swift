import Primitives
import Testing

/// `ByteWord`'s tests against a byte loop: every byte value at every position of a word whose
/// other bytes are plain text ("a"), so each test must find it exactly where the loop does.
@Suite struct ByteWordTests {
    static func word(with byte: UInt8, at position: Int) -> (UInt64, [UInt8]) {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
        bytes[position] = byte
        return (bytes.withUnsafeBufferPointer { ByteWord.load($0.baseAddress!) }, bytes)
    }

    @Test func everyByteAtEveryPosition_isFoundExactlyAsTheByteLoopFindsIt() {
        for value in 0...255 {
            for position in 0..<8 {
                let (word, bytes) = Self.word(with: UInt8(value), at: position)
                #expect((ByteWord.bytes(word, equalTo: 13) != 0) == bytes.contains(13))
                #expect((ByteWord.bytes(word, equalTo: 0x7F) != 0) == bytes.contains(0x7F))
                #expect((ByteWord.bytes(word, below: 0x20) != 0) == bytes.contains { $0 < 0x20 })
                #expect((ByteWord.bytesFrom0x80(word) != 0) == bytes.contains { $0 >= 0x80 })
            }
        }
    }

    @Test func load_putsTheFirstByteLowest() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        #expect(bytes.withUnsafeBufferPointer { ByteWord.load($0.baseAddress!) } == 0x0807_0605_0403_0201)
    }
}
