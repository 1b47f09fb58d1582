extension JSONReader {
    /// Reads a number (RFC 8259 §6): `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// The grammar is validated here; the value comes from Swift's correctly rounded
    /// `Double(String)` on the validated text, except for short integers, which convert
    /// exactly without building a string.
    mutating func readNumber() throws -> Double {
        let start = offset
        let negative = bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard let first = peek(), isDigit(first) else { throw fail("Expected a digit") }
        offset += 1
        if first == UInt8(ascii: "0") {
            if let next = peek(), isDigit(next) { throw fail("Leading zeros are not allowed") }
        } else {
            skipDigits()
        }
        let integerEnd = offset
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            try requireDigits("Expected a digit after the decimal point")
        }
        if let byte = peek(), byte | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            offset += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset += 1 }
            try requireDigits("Expected a digit in the exponent")
        }
        let digitsStart = negative ? start + 1 : start
        // Up to 15 digits is below 2^53, so the integer and its Double are both exact.
        if isInteger, integerEnd - digitsStart <= 15 {
            var magnitude: Int64 = 0
            for index in digitsStart..<integerEnd {
                magnitude = magnitude &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
            }
            let value = Double(magnitude)
            return negative ? -value : value  // keeps -0 as -0, like JSON.parse("-0")
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        // The text matched the JSON grammar, which Double(String) always accepts. An
        // out-of-range exponent yields ±infinity, which no JSON answer can carry back (it would be
        // stored and served as null): refused. Underflow rounds to 0, like any other rounding.
        guard let value = Double(text) else { throw fail("Invalid number", at: start) }
        guard value.isFinite else {
            throw JSONParseError(message: "Number out of range", offset: start, reason: .unrepresentable)
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { offset += 1 }
    }

    private mutating func requireDigits(_ message: String) throws {
        guard let byte = peek(), isDigit(byte) else { throw fail(message) }
        skipDigits()
    }
}
