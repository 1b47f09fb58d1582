extension JSONReader {
    /// Reads a string starting at its opening quote (RFC 8259 §7).
    ///
    /// Fast path: a run without escapes becomes a `String` straight from the buffer. Plain ASCII
    /// is passed eight bytes at a time (`JSONStringScan`); each other byte is looked at here.
    mutating func readString() throws -> String {
        offset += 1  // opening quote
        let start = offset
        while true {
            offset = JSONStringScan.endOfPlainRun(in: bytes, from: offset, nonASCII: true)
            guard offset < bytes.count else { throw fail("Unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            if byte < 0x20 { throw fail("Unescaped control character in string") }
            // Validated here so that String(decoding:) never has to replace anything.
            offset += try utf8SequenceLength(at: offset)
        }
    }

    /// Slow path once a backslash shows up: decode into `scratch`, plain runs copied whole.
    private mutating func readEscapedString(from start: Int) throws -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while true {
            let runEnd = JSONStringScan.endOfPlainRun(in: bytes, from: offset, nonASCII: true)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<runEnd]))
            offset = runEnd
            guard offset < bytes.count else { throw fail("Unterminated string") }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                // Every byte appended was validated, so nothing is replaced.
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape()
            case 0..<0x20:
                throw fail("Unescaped control character in string")
            default:
                let length = try utf8SequenceLength(at: offset)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]))
                offset += length
            }
        }
    }

    /// Decodes one escape sequence at `offset` (which points at the backslash).
    private mutating func readEscape() throws {
        let escapeStart = offset
        guard offset + 1 < bytes.count else { throw fail("Unterminated string", at: bytes.count) }
        let letter = bytes[offset + 1]
        offset += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"): try readUnicodeEscape(escapeStart: escapeStart)
        default: throw fail("Invalid escape sequence", at: escapeStart)
        }
    }

    /// `\uXXXX`, pairing a high surrogate with a following `\uDC00`–`\uDFFF`. A surrogate
    /// without its partner is refused: no UTF-8 text (nor a Swift `String`) can hold it, and a
    /// JavaScript server would store U+FFFD in its place.
    private mutating func readUnicodeEscape(escapeStart: Int) throws {
        let unit = try readHex4(escapeStart: escapeStart)
        switch unit {
        case 0xD800...0xDBFF:
            if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                let save = offset
                offset += 2
                let low = try readHex4(escapeStart: save)
                if (0xDC00...0xDFFF).contains(low) {
                    let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    appendUTF8(scalar)
                    return
                }
            }
            throw loneSurrogate(at: escapeStart)
        case 0xDC00...0xDFFF:
            throw loneSurrogate(at: escapeStart)
        default:
            appendUTF8(UInt32(unit))
        }
    }

    private func loneSurrogate(at position: Int) -> JSONParseError {
        JSONParseError(message: "Lone surrogate in \\u escape", offset: position, reason: .unrepresentable)
    }

    private mutating func readHex4(escapeStart: Int) throws -> UInt16 {
        guard bytes.count - offset >= 4 else { throw fail("Invalid \\u escape", at: escapeStart) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw fail("Invalid \\u escape", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

// MARK: - Well-formed UTF-8

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
