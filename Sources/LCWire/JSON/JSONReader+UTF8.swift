/// RFC 3629's well-formed UTF-8, the one rule of the strict JSON reader and of the canonical
/// check (`CanonicalJSON`).
enum UTF8Sequence {
    /// The length of the well-formed sequence whose lead byte (≥ 0x80) is at `start` (§4: no
    /// overlong forms, no surrogates, nothing above U+10FFFF); nil when it is not one.
    static func length(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the range of the second byte
        switch bytes[start] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard bytes.count - start >= length, (low...high).contains(bytes[start + 1]) else { return nil }
        for index in start + 2 ..< start + length where bytes[index] & 0xC0 != 0x80 { return nil }
        return length
    }
}

extension JSONReader {
    /// `UTF8Sequence.length`, or the reader's error for invalid UTF-8 at `start`.
    func utf8SequenceLength(at start: Int) throws -> Int {
        guard let length = UTF8Sequence.length(in: bytes, at: start) else {
            throw JSONParseError(message: "Invalid UTF-8", offset: start, reason: .unrepresentable)
        }
        return length
    }
}
