#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// Writes a response head into memory the encoder lends it (on the stack), by pointer: a piece
/// costs its copy alone. Appending each piece to the output array, about twenty per answer,
/// checked the array's uniqueness and capacity each time (some 2,500 instructions per signed
/// fetch, issue 31); the head now joins the array in one append.
///
/// A write that would pass the memory's end writes nothing and marks the writer `overflowed`
/// (every later write too): the encoder first writes into a fixed stack buffer that fits most
/// heads, and only a head that overflows it is measured (`HTTPResponseEncoder.headCapacity`)
/// and written again.
struct HeadWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0
    /// Whether a write did not fit: `written` then lacks it (and what followed).
    private(set) var overflowed = false

    init(_ memory: UnsafeMutableBufferPointer<UInt8>) {
        base = memory.baseAddress!
        capacity = memory.count
    }

    /// What was written so far.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Whether `length` more bytes fit; when not, marks the writer overflowed.
    @inline(__always)
    private mutating func fits(_ length: Int) -> Bool {
        guard !overflowed, length <= capacity - count else {
            overflowed = true
            return false
        }
        return true
    }

    mutating func write(_ byte: UInt8) {
        guard fits(1) else { return }
        base[count] = byte
        count += 1
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0, fits(bytes.count) else { return }
        memcpy(base + count, source, bytes.count)
        count += bytes.count
    }

    /// A constant's bytes, from where the binary keeps them. A literal written here
    /// (`head.write(": ")`) is this overload's: the `String` one is labelled so that no literal
    /// lands there, where reaching its bytes cost about 85 instructions a piece (issue 31).
    mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A string's bytes; with `droppingLineBreaks`, minus CR and LF (a header value can never
    /// split the response).
    mutating func write(string text: String, droppingLineBreaks: Bool = false) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            if droppingLineBreaks && Self.containsLineBreak(bytes) {
                for byte in bytes where byte != 13 && byte != 10 { write(byte) }
            } else {
                write(bytes)
            }
        }
        guard copied == nil else { return }
        for byte in text.utf8 where !droppingLineBreaks || (byte != 13 && byte != 10) { write(byte) }
    }

    /// A field line, `name: value` and CRLF, the value minus CR and LF (a header value can never
    /// split the response): each string reached once and the line bounds-checked once (written
    /// piece by piece, a field cost some 250 instructions, issue 31). A field whose name is not a
    /// token (empty, or with a CR, LF, space, colon, control or non-ASCII byte) is left out: a
    /// name cannot be mended as a value is, and written it could split the response too.
    mutating func writeField(name: String, value: String) {
        let done = name.utf8.withContiguousStorageIfAvailable { name in
            guard HTTPBytes.isToken(name) else { return true }
            return value.utf8.withContiguousStorageIfAvailable { value -> Bool in
                guard !Self.containsLineBreak(value) else { return false }
                writeField(name, value)
                return true
            } ?? false
        } ?? false
        guard !done else { return }
        guard HTTPHeaders.isFieldName(name) else { return }
        write(string: name)
        write(": ")
        write(string: value, droppingLineBreaks: true)
        write("\r\n")
    }

    private mutating func writeField(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) {
        let length = name.count + value.count + 4
        guard fits(length) else { return }
        let line = base + count
        if let source = name.baseAddress, name.count > 0 { memcpy(line, source, name.count) }
        line[name.count] = UInt8(ascii: ":")
        line[name.count + 1] = UInt8(ascii: " ")
        if let source = value.baseAddress, value.count > 0 { memcpy(line + name.count + 2, source, value.count) }
        line[length - 2] = 13
        line[length - 1] = 10
        count += length
    }

    /// Whether `bytes` hold a CR or an LF, eight bytes a step (`ByteWord`: a byte loop cost
    /// about four instructions a byte of every header value, issue 31).
    static func containsLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        var index = 0
        while index + 8 <= bytes.count {
            let word = ByteWord.load(start + index)
            if ByteWord.bytes(word, equalTo: 13) | ByteWord.bytes(word, equalTo: 10) != 0 { return true }
            index += 8
        }
        while index < bytes.count {
            if start[index] == 13 || start[index] == 10 { return true }
            index += 1
        }
        return false
    }

    /// A non-negative integer in decimal (a status, a length): its digits counted, then written
    /// from the last one back, in place.
    mutating func writeDecimal(_ value: Int) {
        precondition(value >= 0, "a negative number in a response head")
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        guard fits(digits) else { return }
        rest = value
        var index = count + digits
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while index > count
        count += digits
    }
}
