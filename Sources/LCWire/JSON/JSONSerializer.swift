import Primitives

/// Writes JSON values as compact UTF-8, byte for byte like JavaScript's `JSON.stringify`.
///
/// The real LeanCloud server is JavaScript-like, and SDK tests compare bodies as text, so we
/// match it: no whitespace, keys in insertion order, `/` and non-ASCII left unescaped,
/// control characters as `\b \f \n \r \t` or `\u00xx`, numbers as `Number.prototype.toString`
/// prints them (see `JSONSerializer+Numbers.swift`), NaN and ±Infinity as `null`.
///
/// ```swift
/// var serializer = JSONSerializer()
/// serializer.append(["code": 101, "error": "Class or object doesn't exists."])
/// serializer.bytes   // {"code":101,"error":"Class or object doesn't exists."}
/// ```
public struct JSONSerializer: Sendable {
    /// The UTF-8 output so far.
    public internal(set) var bytes: [UInt8]

    /// An empty serializer whose buffer starts with room for `capacity` bytes.
    public init(reservingCapacity capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Serializes one value into a new buffer.
    public static func serialize(_ value: JSON) -> [UInt8] {
        var serializer = JSONSerializer()
        serializer.append(value)
        return serializer.bytes
    }

    /// Appends the compact text of `value`.
    ///
    /// Recurses once per nesting level; parsed values are bounded by `JSONParser`'s depth limit.
    public mutating func append(_ value: JSON) {
        switch value {
        case .null: appendASCII("null")
        case .bool(let flag): appendASCII(flag ? "true" : "false")
        case .number(let number): appendNumber(number)
        case .string(let string): appendString(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                appendString(key)
                bytes.append(UInt8(ascii: ":"))
                append(member)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a quoted, escaped string (ECMA-262 `QuoteJSONString`).
    public mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Runs that need no escape (non-ASCII included) are found 8 bytes at a time and copied whole.
            var runStart = 0
            while true {
                let runEnd = JSONStringScan.endOfPlainRun(in: utf8, from: runStart, nonASCII: false)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<runEnd]))
                guard runEnd < utf8.count else { break }
                appendEscape(utf8[runEnd])
                runStart = runEnd + 1
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            // JSON.stringify writes other control characters as lowercase \u00xx.
            appendASCII("u00")
            bytes.append(Hex.lowercaseDigit(byte >> 4))
            bytes.append(Hex.lowercaseDigit(byte & 0x0F))
        }
    }

    public mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func appendByte(_ byte: UInt8) { bytes.append(byte) }

    mutating func reverseBytes(from start: Int) { bytes[start...].reverse() }
}

// MARK: - Splicing

/// What a response written row by row needs beside `append(_:)`: stored JSON copied as it is
/// (`CanonicalJSON`), dates and plain strings written without making `String`s first.
extension JSONSerializer {
    /// Appends `date.iso` as a JSON string, formatted in place: a query page writes two per object.
    public mutating func appendISOString(_ date: LCDate) {
        appendByte(UInt8(ascii: "\""))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: LCDate.maximumISOLength) { buffer in
            let count = date.writeISO(into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        appendByte(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 text as a JSON string: plain ASCII copied, anything else through `appendString`.
    public mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) {
        guard Self.isPlainASCII(utf8) else {
            appendString(String(decoding: utf8, as: UTF8.self))
            return
        }
        appendByte(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        appendByte(UInt8(ascii: "\""))
    }

    /// Appends JSON text as it is. Only for text `CanonicalJSON` accepted (or a piece of it),
    /// so that the output stays what serializing its parsed value would give.
    public mutating func appendCanonical(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }
}
