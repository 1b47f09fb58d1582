import Primitives

/// The one loop the reader, the serializer and the canonical check share over a string's
/// bytes: where its plain run ends. Stored strings are mostly plain ASCII, and a byte-at-a-time
/// test cost ~15 instructions a byte (issue 31: a create reads three strings of 40–160 bytes,
/// then writes them again); eight bytes are tested at once (`ByteWord`).
enum JSONStringScan {
    /// The offset of the first byte at or after `start` that is a quote, a backslash or a control
    /// character (below 0x20) — with `nonASCII`, or 0x80 and above — or `bytes.count` when none is.
    ///
    /// Each `ByteWord` test flags the first such byte of a word exactly (a flag may be wrong only
    /// above a right one, where a borrow ran on), so the lowest flag of the word is the answer.
    @inline(__always)
    static func endOfPlainRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, nonASCII: Bool) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var offset = start
        while offset + 8 <= bytes.count {
            let word = ByteWord.load(base + offset)
            var special = ByteWord.bytes(word, equalTo: UInt8(ascii: "\"")) | ByteWord.bytes(word, equalTo: UInt8(ascii: "\\"))
                | ByteWord.bytes(word, below: 0x20)
            if nonASCII { special |= ByteWord.bytesFrom0x80(word) }
            if special != 0 { return offset + special.trailingZeroBitCount >> 3 }
            offset += 8
        }
        while offset < bytes.count {
            let byte = base[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (nonASCII && byte >= 0x80) {
                return offset
            }
            offset += 1
        }
        return offset
    }
}
