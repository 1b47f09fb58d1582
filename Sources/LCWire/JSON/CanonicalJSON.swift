import Primitives

/// Recognises JSON text that is already in `JSONSerializer`'s form, so that a caller may copy
/// it into a response instead of parsing it into a `JSON` tree and serializing it again: the
/// copy is then byte for byte what `JSONParser.parse` followed by `serialized()` would give.
///
/// The check is strict and conservative: no whitespace, strings escaped exactly as the
/// serializer escapes them (only `"`, `\` and control characters, controls as `\b \f \n \r \t`
/// or lowercase `\u00xx`), well-formed UTF-8, and numbers that print back to the same text.
/// Anything else answers false, and the caller takes the parsing path, as it does for an object
/// with a repeated key (parsing keeps one), with more than 64 keys, or with more than 128 keys in
/// the objects open at once (to keep that check cheap and its memory on the stack).
public enum CanonicalJSON {
    /// Whether `bytes` is one canonical object, at most 64 containers deep. `topLevelKey`
    /// sees each key of the outermost object (its raw bytes, without quotes) and may refuse it.
    public static func isCanonicalObject(_ bytes: UnsafeBufferPointer<UInt8>,
                                         topLevelKey: (UnsafeBufferPointer<UInt8>) -> Bool = { _ in true }) -> Bool {
        guard bytes.first == UInt8(ascii: "{"), bytes.count < Int(UInt32.max) else { return false }
        // Every fetch and query row asks: the key bookkeeping lives on the stack (1 KiB), not in
        // two arrays allocated per call.
        return withUnsafeTemporaryAllocation(of: KeySpan.self, capacity: Scanner.keyCapacity) { keys in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Scanner.maxDepth) { objectStarts in
                var scanner = Scanner(bytes: bytes, keys: keys, objectStarts: objectStarts)
                return scanner.scanDocument(topLevelKey: topLevelKey)
            }
        }
    }

    /// Where a key's text lies in the scanned bytes.
    struct KeySpan {
        var start: UInt32
        var end: UInt32
    }

    struct Scanner {
        static let keyCapacity = 128
        static let maxDepth = 64
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        /// One bit per open container, set for objects; the lowest bit is the innermost.
        var kinds: UInt64 = 0
        var depth = 0
        /// The keys of the open objects, innermost last (`keyCount` of them), and where each open
        /// object's keys begin (`objectCount` of them).
        let keys: UnsafeMutableBufferPointer<KeySpan>
        var keyCount = 0
        let objectStarts: UnsafeMutableBufferPointer<UInt8>
        var objectCount = 0

        init(bytes: UnsafeBufferPointer<UInt8>, keys: UnsafeMutableBufferPointer<KeySpan>,
             objectStarts: UnsafeMutableBufferPointer<UInt8>) {
            self.bytes = bytes
            self.keys = keys
            self.objectStarts = objectStarts
        }

        var insideObject: Bool { kinds & 1 == 1 }

        func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }

        private enum Expect { case value, key, afterValue }

        mutating func scanDocument(topLevelKey: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            var expect = Expect.value
            while true {
                switch expect {
                case .value:
                    guard let lead = byte(offset) else { return false }
                    switch lead {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        guard depth < Self.maxDepth else { return false }
                        let isObject = lead == UInt8(ascii: "{")
                        kinds = kinds << 1 | (isObject ? 1 : 0)
                        depth += 1
                        if isObject {
                            objectStarts[objectCount] = UInt8(keyCount)
                            objectCount += 1
                        }
                        offset += 1
                        if byte(offset) == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                            offset += 1
                            closeContainer()
                            expect = .afterValue
                        } else {
                            expect = isObject ? .key : .value
                        }
                        continue
                    case UInt8(ascii: "\""): guard scanString() != nil else { return false }
                    case UInt8(ascii: "t"): guard scanLiteral("true") else { return false }
                    case UInt8(ascii: "f"): guard scanLiteral("false") else { return false }
                    case UInt8(ascii: "n"): guard scanLiteral("null") else { return false }
                    default: guard scanNumber() else { return false }
                    }
                    expect = .afterValue
                case .key:
                    guard byte(offset) == UInt8(ascii: "\""), let key = scanString() else { return false }
                    if depth == 1, !topLevelKey(UnsafeBufferPointer(rebasing: bytes[key])) { return false }
                    guard addKey(key) else { return false }
                    guard byte(offset) == UInt8(ascii: ":") else { return false }
                    offset += 1
                    expect = .value
                case .afterValue:
                    if depth == 0 { return offset == bytes.count }
                    guard let next = byte(offset) else { return false }
                    offset += 1
                    if next == UInt8(ascii: ",") {
                        expect = insideObject ? .key : .value
                    } else if next == (insideObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        closeContainer()
                    } else {
                        return false
                    }
                }
            }
        }

        /// Records a key of the innermost object; false when it repeats one or makes too many.
        private mutating func addKey(_ key: Range<Int>) -> Bool {
            let start = Int(objectStarts[objectCount - 1])
            guard keyCount - start < 64, keyCount < Self.keyCapacity else { return false }
            let text = UnsafeBufferPointer(rebasing: bytes[key])
            for other in keys[start..<keyCount] where Int(other.end - other.start) == key.count {
                if UnsafeBufferPointer(rebasing: bytes[Int(other.start)..<Int(other.end)]).elementsEqual(text) {
                    return false
                }
            }
            keys[keyCount] = KeySpan(start: UInt32(key.lowerBound), end: UInt32(key.upperBound))
            keyCount += 1
            return true
        }

        private mutating func closeContainer() {
            if insideObject {
                objectCount -= 1
                keyCount = Int(objectStarts[objectCount])
            }
            kinds >>= 1
            depth -= 1
        }

        private mutating func scanLiteral(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - offset >= count else { return false }
            for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { return false }
            offset += count
            return true
        }
    }
}

// MARK: - Strings and numbers

extension CanonicalJSON.Scanner {
    /// Scans a string from its opening quote; returns the range of its content, or nil when
    /// the serializer would not have written it this way (or it is malformed).
    mutating func scanString() -> Range<Int>? {
        offset += 1
        let start = offset
        while offset < bytes.count {
            skipPlainWords()
            guard offset < bytes.count else { break }
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

    /// Skips the plain bytes before the next one that ends the string or needs a look: a quote, a
    /// backslash, a control character or a byte of a multi-byte character, 8 bytes at a time
    /// (`JSONStringScan`). Stored strings are mostly plain ASCII, and this loop was most of a
    /// query page's check (docs/performance.md).
    private mutating func skipPlainWords() {
        offset = JSONStringScan.endOfPlainRun(in: bytes, from: offset, nonASCII: true)
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
