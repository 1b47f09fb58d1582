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
