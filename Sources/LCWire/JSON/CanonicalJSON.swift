/// Recognises JSON text that is already in `JSONSerializer`'s form, so that a caller may copy
/// it into a response instead of parsing it into a `JSON` tree and serializing it again: the
/// copy is then byte for byte what `JSONParser.parse` followed by `serialized()` would give.
///
/// The check is strict and conservative: no whitespace, strings escaped exactly as the
/// serializer escapes them (only `"`, `\` and control characters, controls as `\b \f \n \r \t`
/// or lowercase `\u00xx`), well-formed UTF-8, and numbers that print back to the same text.
/// Anything else answers false, and the caller takes the parsing path, as it does for an object
/// with a repeated key (parsing keeps one) or with more than 64 keys (to keep that check cheap).
public enum CanonicalJSON {
    /// Whether `bytes` is one canonical object, at most 64 containers deep. `topLevelKey`
    /// sees each key of the outermost object (its raw bytes, without quotes) and may refuse it.
    public static func isCanonicalObject(_ bytes: UnsafeBufferPointer<UInt8>,
                                         topLevelKey: (UnsafeBufferPointer<UInt8>) -> Bool = { _ in true }) -> Bool {
        guard bytes.first == UInt8(ascii: "{") else { return false }
        var scanner = Scanner(bytes: bytes)
        return scanner.scanDocument(topLevelKey: topLevelKey)
    }

    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        /// One bit per open container, set for objects; the lowest bit is the innermost.
        var kinds: UInt64 = 0
        var depth = 0
        /// The keys of the open objects, innermost last, and where each object's keys begin.
        var keys: [Range<Int>] = []
        var objectStarts: [Int] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            // One allocation each for a typical object, rather than one per doubling.
            keys.reserveCapacity(16)
            objectStarts.reserveCapacity(4)
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
                        guard depth < 64 else { return false }
                        let isObject = lead == UInt8(ascii: "{")
                        kinds = kinds << 1 | (isObject ? 1 : 0)
                        depth += 1
                        if isObject { objectStarts.append(keys.count) }
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
            let start = objectStarts[objectStarts.count - 1]
            guard keys.count - start < 64 else { return false }
            let text = UnsafeBufferPointer(rebasing: bytes[key])
            for other in keys[start...] where other.count == key.count {
                if UnsafeBufferPointer(rebasing: bytes[other]).elementsEqual(text) { return false }
            }
            keys.append(key)
            return true
        }

        private mutating func closeContainer() {
            if insideObject { keys.removeSubrange(objectStarts.removeLast()...) }
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
