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
