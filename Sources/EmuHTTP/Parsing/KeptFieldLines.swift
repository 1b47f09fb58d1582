#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A head's field lines as they arrived (terminators excluded), each with what it told the
/// parser. A keep-alive client sends the same lines request after request; a line that
/// arrives again byte for byte is the same field, already validated and classified, so it
/// costs one `memcmp` instead of its split, its role and two string comparisons (some 400
/// instructions a field line, issue 31).
struct KeptFieldLines {
    /// The lines' bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each line ends in `bytes`, and its role.
    private var lines: [(end: Int, role: FieldRole)] = []

    var count: Int { lines.count }
    /// The lines' bytes, terminators excluded.
    var byteCount: Int { bytes.count }

    /// Whether `line` is the line at `index`, byte for byte.
    func repeats(_ line: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        lines.withUnsafeBufferPointer { lines in
            guard index < lines.count else { return false }
            let start = index == 0 ? 0 : lines[index - 1].end
            // Field lines are never empty, so equal lengths mean both buffers hold bytes.
            guard lines[index].end - start == line.count, let source = buffer.baseAddress else { return false }
            return bytes.withUnsafeBufferPointer { kept in
                memcmp(kept.baseAddress! + start, source + line.lowerBound, line.count) == 0
            }
        }
    }

    /// Records what the line at `index` said, for a line that repeats it.
    func record(at index: Int, in facts: inout HeadFacts) throws(HTTPParseError) {
        try lines.withUnsafeBufferPointer { (lines) throws(HTTPParseError) in
            if case .other = lines[index].role { return }
            try facts.record(lines[index].role)
        }
    }

    /// Adds a line read from `buffer`.
    mutating func append(_ line: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>, role: FieldRole) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[line]))
        lines.append((bytes.count, role))
    }

    /// Adds `other`'s lines `range`.
    mutating func append(_ other: KeptFieldLines, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if lines.isEmpty && range.lowerBound == 0 && range.upperBound == other.count { return self = other }
        let from = range.lowerBound == 0 ? 0 : other.lines[range.lowerBound - 1].end
        let shift = bytes.count - from
        bytes.append(contentsOf: other.bytes[from..<other.lines[range.upperBound - 1].end])
        for index in range { lines.append((other.lines[index].end + shift, other.lines[index].role)) }
    }

    /// The line holding byte `offset` of these lines laid out with a CRLF after each, as a head
    /// lays them out from its first field line: its index, where it starts and where its content
    /// ends in that layout, and whether it told the parser nothing (`FieldRole.other`). Nil past
    /// the last line's CRLF.
    func line(holding offset: Int) -> (index: Int, start: Int, end: Int, isOther: Bool)? {
        lines.withUnsafeBufferPointer { lines in
            var start = 0
            for index in lines.indices {
                let end = lines[index].end + 2 * index
                if offset < end + 2 {
                    guard case .other = lines[index].role else { return (index, start, end, false) }
                    return (index, start, end, true)
                }
                start = end + 2
            }
            return nil
        }
    }

    /// Puts `line` of `buffer` in place of the line at `index`, which keeps its role: the same
    /// memory when the line keeps its length (a new sign), else the later lines move.
    mutating func replace(at index: Int, with line: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) {
        let start = index == 0 ? 0 : lines[index - 1].end
        let end = lines[index].end
        let source = UnsafeBufferPointer(rebasing: buffer[line])
        if end - start == line.count {
            bytes.withUnsafeMutableBufferPointer { _ = memcpy($0.baseAddress! + start, source.baseAddress!, line.count) }
            return
        }
        bytes.replaceSubrange(start..<end, with: source)
        let shift = line.count - (end - start)
        for later in index..<lines.count { lines[later].end += shift }
    }

    /// The first `count` lines.
    func prefix(_ count: Int) -> KeptFieldLines {
        if count == lines.count { return self }
        var kept = KeptFieldLines()
        kept.append(self, 0..<count)
        return kept
    }
}
