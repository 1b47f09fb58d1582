/// The cursor behind `JSONParser`: walks a byte buffer once, without recursion.
///
/// Containers are kept on an explicit stack rather than the call stack, so the depth limit,
/// not the thread's stack size (512 KB on Apple secondary threads), bounds nesting.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var offset = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// An open array or object. A struct with both payloads (rather than an enum) lets us
    /// mutate the array or object in place after popping it, without copy-on-write copies.
    private struct Frame {
        var isObject: Bool
        var elements: [JSON] = []
        var members = JSONObject()
        var pendingKey = ""
    }

    /// Members room is made for when an object opens: most stored objects have a handful.
    static let typicalObjectSize = 8

    /// Reads exactly one value surrounded by optional whitespace (RFC 8259 §2).
    mutating func readDocument() throws -> JSON {
        var stack: [Frame] = []
        readValue: while true {
            var value: JSON
            skipWhitespace()
            guard let byte = peek() else { throw fail("Unexpected end of input") }
            switch byte {
            case UInt8(ascii: "{"):
                try checkDepth(stack.count)
                offset += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    offset += 1
                    value = .object(JSONObject())
                } else {
                    var frame = Frame(isObject: true)
                    // One allocation for a typical LeanCloud object instead of four regrowths.
                    frame.members.reserveCapacity(Self.typicalObjectSize)
                    frame.pendingKey = try readKey()
                    stack.append(frame)
                    continue readValue
                }
            case UInt8(ascii: "["):
                try checkDepth(stack.count)
                offset += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    offset += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    continue readValue
                }
            default:
                value = try readScalar(byte)
            }
            // Attach the finished value to its parent; close parents that end here.
            while var frame = stack.popLast() {
                if frame.isObject {
                    frame.members[frame.pendingKey] = value  // duplicate key: last wins, as in JS
                } else {
                    frame.elements.append(value)
                }
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","):
                    offset += 1
                    if frame.isObject {
                        skipWhitespace()
                        frame.pendingKey = try readKey()
                    }
                    stack.append(frame)
                    continue readValue
                case UInt8(ascii: "}") where frame.isObject:
                    offset += 1
                    value = .object(frame.members)
                case UInt8(ascii: "]") where !frame.isObject:
                    offset += 1
                    value = .array(frame.elements)
                case nil:
                    throw fail("Unexpected end of input")
                default:
                    throw fail(frame.isObject ? "Expected ',' or '}' in object" : "Expected ',' or ']' in array")
                }
            }
            skipWhitespace()
            guard offset == bytes.count else { throw fail("Unexpected data after the JSON value") }
            return value
        }
    }

    /// Reads `"key"` and the `:` after it.
    private mutating func readKey() throws -> String {
        guard peek() == UInt8(ascii: "\"") else { throw fail("Expected a string key in object") }
        let key = try readString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw fail("Expected ':' after object key") }
        offset += 1
        return key
    }

    private mutating func readScalar(_ byte: UInt8) throws -> JSON {
        switch byte {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        default: throw fail("Unexpected character")
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { throw fail("Invalid literal") }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[offset + index] != pointer[index] {
            throw fail("Invalid literal")
        }
        offset += count
    }

    private func checkDepth(_ openContainers: Int) throws {
        guard openContainers < maxDepth else { throw fail("Nesting deeper than \(maxDepth) levels") }
    }

    func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// RFC 8259 §2: only space, tab, line feed and carriage return.
    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    func fail(_ message: String, at position: Int? = nil) -> JSONParseError {
        JSONParseError(message: message, offset: position ?? offset)
    }
}

// MARK: - Numbers

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
