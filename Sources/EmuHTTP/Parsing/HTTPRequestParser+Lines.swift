#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPRequestParser {
    /// The outcome of looking for the line that starts at `readIndex`.
    enum LineScan {
        /// A complete line: its content is `start..<end` (terminator excluded) and the next
        /// line starts at `next`.
        case line(start: Int, end: Int, next: Int)
        /// No terminator yet, and what is buffered may still become an acceptable line.
        case needMore
        /// The content is already known to exceed the allowed length.
        case tooLong
    }

    /// Finds the line starting at `readIndex` whose content may hold at most `maxContent` bytes.
    ///
    /// Lines end in CRLF or, leniently, a bare LF (RFC 9112 §2.2). A CR elsewhere stays in the
    /// content, where the grammar checks reject it. The search resumes at `scanIndex`, so a line
    /// fed one byte at a time costs linear rather than quadratic time, and it never looks further
    /// than `maxContent + 2` bytes: an over-long line is refused as soon as that is certain,
    /// without waiting for (or buffering up to) a terminator that may never come.
    mutating func scanLine(maxContent: Int) -> LineScan {
        let maxContent = max(maxContent, 0)
        let start = readIndex
        let available = buffer.count - start
        // Content, CR and LF: beyond that a line without LF can never be acceptable.
        let scanEnd = available - 2 > maxContent ? start + maxContent + 2 : buffer.count
        let lf = buffer.withUnsafeBufferPointer { Self.indexOfLF(in: $0, from: scanIndex, to: scanEnd) }
        if let lf {
            let end = lf > start && buffer[lf - 1] == HTTPBytes.cr ? lf - 1 : lf
            return end - start > maxContent ? .tooLong : .line(start: start, end: end, next: lf + 1)
        }
        scanIndex = max(scanEnd, start)
        let pending = scanEnd - start
        if pending <= maxContent { return .needMore }
        // Exactly maxContent bytes of content plus a CR may still be completed by an LF.
        if pending == maxContent + 1 && buffer[scanEnd - 1] == HTTPBytes.cr { return .needMore }
        return .tooLong
    }

    /// Marks every byte before `index` as consumed.
    @inline(__always)
    mutating func consume(upTo index: Int) {
        readIndex = index
        scanIndex = index
    }

    /// The index of the first LF in `from..<to`, found with `memchr`.
    @inline(__always)
    static func indexOfLF(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(HTTPBytes.lf), to - from) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
}
