import Primitives

/// Byte constants and character classes of the HTTP/1.1 grammar (RFC 9110 §5.6, RFC 9112 §2).
///
/// The parser works on raw bytes; these small predicates keep its loops readable without
/// paying for `Character` or `String` comparisons on the hot path.
enum HTTPBytes {
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let htab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
    static let comma = UInt8(ascii: ",")
    static let equals = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let question = UInt8(ascii: "?")
    static let ampersand = UInt8(ascii: "&")
    static let percent = UInt8(ascii: "%")
    static let plus = UInt8(ascii: "+")
    static let asterisk = UInt8(ascii: "*")

    /// `tchar` (RFC 9110 §5.6.2): the characters of methods, field names and transfer codings,
    /// as bits for the bytes below 0x80: bit `byte % 64` of the first word (below 0x40) or of the
    /// second (0x40 to 0x7F). One test a byte, where ranges are a chain of comparisons.
    static let tokenBitsBelow0x40: UInt64 = 0x03FF_6CFA_0000_0000
    static let tokenBitsBelow0x80: UInt64 = 0x57FF_FFFF_C7FF_FFFE

    /// Whether `byte` is a `tchar`.
    @inline(__always)
    static func isTokenChar(_ byte: UInt8) -> Bool {
        let bits = byte < 0x40 ? tokenBitsBelow0x40 : byte < 0x80 ? tokenBitsBelow0x80 : 0
        return (bits >> UInt64(byte & 63)) & 1 == 1
    }

    /// Whether `bytes` are a token (RFC 9110 §5.6.2): at least one byte, each a `tchar`.
    static func isToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenChar)
    }

    /// `OWS`/`BWS` whitespace (RFC 9110 §5.6.3): SP or HTAB.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == htab }

    /// Whether a byte may appear in a field value: VCHAR, SP, HTAB or obs-text (RFC 9110 §5.5).
    /// Everything else is a control character (CR, LF and NUL included), which must be rejected.
    @inline(__always)
    static func isFieldValueChar(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == htab
    }

    /// Whether every byte of `bytes[range]` may appear in a field value (`isFieldValueChar`).
    /// Every field of every request is checked: 8 bytes at a time while a word holds no byte
    /// below 0x20 and no DEL, each test exact about whether such a byte is present (a word with
    /// one, say a tab, is left to the byte loop, which decides).
    static func isFieldValue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        if let base = bytes.baseAddress {
            while position + 8 <= range.upperBound {
                let word = ByteWord.load(base + position)
                guard ByteWord.bytes(word, below: 0x20) | ByteWord.bytes(word, equalTo: 0x7F) == 0 else { break }
                position += 8
            }
            // Fewer than eight left (none refused so far): the word that ends the range, read again
            // in part, in one test where the byte loop took ~12 instructions a byte.
            if position < range.upperBound && position + 8 > range.upperBound && range.count >= 8 {
                let word = ByteWord.load(base + range.upperBound - 8)
                if ByteWord.bytes(word, below: 0x20) | ByteWord.bytes(word, equalTo: 0x7F) == 0 { return true }
            }
        }
        while position < range.upperBound {
            guard isFieldValueChar(bytes[position]) else { return false }
            position += 1
        }
        return true
    }

    /// The value of an ASCII hex digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte &- UInt8(ascii: "a")) &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte &- UInt8(ascii: "A")) &+ 10
        default: return nil
        }
    }

    /// Whether the bytes in `range` equal `lowercase` ignoring ASCII case. `lowercase` must be
    /// lowercase ASCII and the bytes already validated as token or field-value characters:
    /// OR-ing 0x20 then folds only letters, because the only other bytes it would map onto a
    /// letter, digit or `-` are control characters.
    static func equalsIgnoringCase(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowercase: StaticString
    ) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        let literal = lowercase.utf8Start
        var offset = 0
        for index in range {
            if bytes[index] | 0x20 != literal[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether the bytes in `range` equal `literal` exactly.
    static func equalsCaseSensitive(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: StaticString
    ) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        var offset = 0
        for index in range {
            if bytes[index] != literal.utf8Start[offset] { return false }
            offset += 1
        }
        return true
    }

    /// A string from the bytes in `range`; invalid UTF-8 becomes U+FFFD.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
