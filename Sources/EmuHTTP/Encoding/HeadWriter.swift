#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a response head into memory the encoder lends it (on the stack), by pointer: a piece
/// costs its copy alone. Appending each piece to the output array, about twenty per answer,
/// checked the array's uniqueness and capacity each time (some 2,500 instructions per signed
/// fetch, issue 31); the head now joins the array in one append.
///
/// The encoder sizes the memory beforehand (`HTTPResponseEncoder.headCapacity`); a write that
/// would pass its end stops the process rather than write past it.
struct HeadWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0

    init(_ memory: UnsafeMutableBufferPointer<UInt8>) {
        base = memory.baseAddress!
        capacity = memory.count
    }

    /// What was written so far.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    mutating func write(_ byte: UInt8) {
        precondition(count < capacity, "response head larger than its estimate")
        base[count] = byte
        count += 1
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        precondition(bytes.count <= capacity - count, "response head larger than its estimate")
        memcpy(base + count, source, bytes.count)
        count += bytes.count
    }

    /// A constant's bytes, from where the binary keeps them.
    mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A string's bytes; with `droppingLineBreaks`, minus CR and LF (a header value can never
    /// split the response).
    mutating func write(_ text: String, droppingLineBreaks: Bool = false) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            if droppingLineBreaks && bytes.contains(where: { $0 == 13 || $0 == 10 }) {
                for byte in bytes where byte != 13 && byte != 10 { write(byte) }
            } else {
                write(bytes)
            }
        }
        guard copied == nil else { return }
        for byte in text.utf8 where !droppingLineBreaks || (byte != 13 && byte != 10) { write(byte) }
    }

    /// A non-negative integer in decimal (a status, a length).
    mutating func writeDecimal(_ value: Int) {
        if value >= 10 { writeDecimal(value / 10) }
        write(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
