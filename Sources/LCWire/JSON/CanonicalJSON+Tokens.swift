extension CanonicalJSON.Scanner {
    /// Scans a string from its opening quote; returns the range of its content, or nil when
    /// the serializer would not have written it this way (or it is malformed).
    mutating func scanString() -> Range<Int>? {
        offset += 1
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                defer { offset += 1 }
                return start..<offset
            case UInt8(ascii: "\\"):
                guard scanEscape() else { return nil }
            case 0..<0x20:
                return nil
            case 0..<0x80:
                offset += 1
            default:
                guard let length = UTF8Sequence.length(in: bytes, at: offset) else { return nil }
                offset += length
            }
        }
        return nil
    }

    /// The escapes `JSONSerializer.appendEscape` writes, and no others: `\/`, `\u0041`,
    /// uppercase hex or a `\u00xx` for a character with a short form parse to the same string
    /// but would print differently.
    private mutating func scanEscape() -> Bool {
        guard let kind = byte(offset + 1) else { return false }
        switch kind {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 2
            return true
        case UInt8(ascii: "u"):
            guard bytes.count - offset >= 6, bytes[offset + 2] == UInt8(ascii: "0"),
                  bytes[offset + 3] == UInt8(ascii: "0"),
                  let high = lowercaseHex(bytes[offset + 4]), high <= 1,
                  let low = lowercaseHex(bytes[offset + 5]) else { return false }
            let control = high << 4 | low
            guard ![0x08, 0x09, 0x0A, 0x0C, 0x0D].contains(control) else { return false }
            offset += 6
            return true
        default:
            return false
        }
    }

    private func lowercaseHex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// Scans a number; canonical when it prints back to the same text. Plain integers of up to
    /// 15 digits (exact in a Double, printed as their digits) are decided without parsing.
    mutating func scanNumber() -> Bool {
        let start = offset
        while let byte = byte(offset), Self.isNumberByte(byte) { offset += 1 }
        guard offset > start else { return false }
        let token = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        let digits = token.first == UInt8(ascii: "-") ? UnsafeBufferPointer(rebasing: token[1...]) : token
        if digits.count <= 15, let first = digits.first,
           digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // "0" is canonical; "-0", "-" and leading zeros are not.
            return first != UInt8(ascii: "0") || (digits.count == 1 && digits.count == token.count)
        }
        guard case .number(let value)? = try? JSONParser.parse(token) else { return false }
        return JSON.number(value).serialized().elementsEqual(token)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E")
    }
}
