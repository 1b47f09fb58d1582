import EmuData
import EmuRouting

/// The line on which each object of an import file starts, so that a rejected object can be
/// found in an editor: `object 7 (line 12)`. The parsed JSON keeps no positions, so this scans
/// the bytes once more, following strings and nesting only (the file already parsed).
///
/// The array is the document itself (`[…]`) or its `results` member (`{"results":[…]}`), as for
/// `SeedImporter.objects(in:)`.
enum JSONElementLines {
    /// One line (from 1) per element of the array of objects; nil when the document has none.
    static func lines(in bytes: [UInt8]) -> [Int]? {
        var scanner = Scanner()
        // Through a buffer pointer: a 50 MB file is one pass, without bounds checks per byte.
        return bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where scanner.consume(buffer[index], at: index, in: buffer) {
                return scanner.lines
            }
            return nil
        }
    }

    private struct Scanner {
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var rootIsObject = false
        var keyStart: Int?
        var lastKeyIsResults = false
        /// The depth inside the array of objects, once found.
        var target: Int?
        var expectElement = false

        /// Takes one byte; true once the array of objects is closed.
        @inline(__always)
        mutating func consume(_ byte: UInt8, at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 {
                    inString = false
                    if let start = keyStart { lastKeyIsResults = bytes[start..<index].elementsEqual("results".utf8) }
                    keyStart = nil
                }
                return false
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return false }
            if let target, depth == target, expectElement, byte != 0x5D {
                lines.append(line)
                expectElement = false
            }
            switch byte {
            case 0x22:  // "
                inString = true
                if rootIsObject, depth == 1, target == nil { keyStart = index + 1 }
            case 0x7B, 0x5B:  // { [
                if depth == 0 {
                    rootIsObject = byte == 0x7B
                    if byte == 0x5B { target = 1; expectElement = true }
                } else if depth == 1, byte == 0x5B, rootIsObject, target == nil, lastKeyIsResults {
                    target = 2
                    expectElement = true
                }
                depth += 1
            case 0x7D, 0x5D:  // } ]
                depth -= 1
                if let target, depth == target - 1 { return true }
            case 0x2C:  // ,
                if let target, depth == target { expectElement = true }
            default:
                break
            }
            return false
        }
    }
}
