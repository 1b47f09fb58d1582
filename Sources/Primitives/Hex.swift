/// Base-16 encoding of bytes: lowercase out, either case in.
public enum Hex {
    /// Two lowercase hex characters per byte.
    public static func encode(_ bytes: [UInt8]) -> String {
        String(decoding: encodedBytes(bytes), as: UTF8.self)
    }

    /// The lowercase hex of `bytes` as ASCII bytes, for comparing without building a `String`.
    public static func encodedBytes(_ bytes: [UInt8]) -> [UInt8] {
        var characters: [UInt8] = []
        characters.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            characters.append(lowercaseDigit(byte >> 4))
            characters.append(lowercaseDigit(byte & 0x0F))
        }
        return characters
    }

    /// `value` in lowercase hex without leading zeros, as `String(value, radix: 16)` writes it,
    /// without the generic formatting: request ids are made this way for every request.
    public static func encode(_ value: UInt64) -> String {
        var digits = 1
        while digits < 16 && value >> (4 * UInt64(digits)) != 0 { digits += 1 }
        return String(unsafeUninitializedCapacity: digits) { buffer in
            for index in 0..<digits {
                buffer[index] = lowercaseDigit(UInt8(truncatingIfNeeded: value >> (4 * UInt64(digits - 1 - index))) & 0x0F)
            }
            return digits
        }
    }

    /// The lowercase ASCII hex digit of a nibble (0–15).
    @inlinable
    public static func lowercaseDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The bytes for a hex string (either case), or nil when its length is odd or it contains
    /// anything but hex digits.
    public static func decode(_ string: String) -> [UInt8]? {
        let characters = Array(string.utf8)
        guard characters.count % 2 == 0 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = value(of: characters[index]), let low = value(of: characters[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The value of one hex digit (either case); nil for any other byte.
    public static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
