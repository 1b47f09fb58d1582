#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// One changed field line of a head that differs from the previous one in field values alone.
struct ChangedLine {
    /// The field's index, and its new line (content) and value in the parser's buffer.
    var index: Int
    var line: Range<Int>
    var value: Range<Int>
    /// Where the old line starts in the kept head.
    var keptStart: Int
    /// Whether the new line has the old one's length and ends in CRLF, as the old one did.
    var keepsLayout: Bool
}

/// Where a head differs from the previous one in two fields' values alone (or one), and what
/// those values are.
struct ChangedValues {
    var first: ChangedLine
    /// A later line changed too (a client that sends a request id beside its sign).
    var second: ChangedLine?
    /// The new head's length, request line to empty line, and its field lines' bytes.
    var length: Int
    var fieldBytes: Int

    /// Whether every changed line keeps its place: the new head is then the kept one with those
    /// lines' bytes replaced, in place.
    var keepsLayout: Bool { first.keepsLayout && (second?.keepsLayout ?? true) }
}

extension HTTPRequestParser {
    /// The changed values of `previous`'s head in `bytes` from `start`, when the head there is
    /// that head but for two fields' values (or one), complete (`comparableLayout`): a client that
    /// sends a request id (`X-Request-Id`) beside its sign changes two lines a request, which were
    /// read line by line (~6,400 instructions more a re-signed `/1.1/date`, issue 31). Searched
    /// only where `changedValue` found no single change, so that its own search stays as lean as
    /// it was (one search for both cost a re-signed head ~200 more). `sameBefore`: where the
    /// difference is likely to start (the line that changed first last time).
    static func changedValues(of previous: RepeatedHead, in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                             maxFieldBytes: Int, sameBefore hint: Int) -> ChangedValues? {
        guard let layout = comparableLayout(of: previous), let base = bytes.baseAddress else { return nil }
        let (fieldsStart, keptFieldBytes) = layout
        let available = bytes.count - start
        return previous.head.withUnsafeBufferPointer { kept -> ChangedValues? in
            guard let keptBase = kept.baseAddress else { return nil }
            var difference = firstDifference(kept, base + start, available: available, sameBefore: hint)
            guard difference < available else { return nil }
            // `difference` in the kept head; `at` the same place in `bytes` (the lines before may
            // have changed length).
            var at = start + difference, fieldBytes = keptFieldBytes
            var first: ChangedLine?
            while true {
                guard difference >= fieldsStart,
                      let old = previous.lines.line(holding: difference - fieldsStart), old.isOther else { return nil }
                let keptStart = fieldsStart + old.start
                let lineStart = at - (difference - keptStart)
                // The kept line holds no LF before its end, nor (the same bytes) the new one before the difference.
                guard let lf = indexOfLF(in: bytes, from: at, to: bytes.count) else { return nil }
                let end = lf > lineStart && bytes[lf - 1] == HTTPBytes.cr ? lf - 1 : lf
                // The same name and colon (before the difference), so the same role; after them a value a
                // field line may have (`HeaderFieldSyntax.split` of the line, its name already checked).
                let colon = lineStart + previous.request.headers.fields[old.index].name.utf8.count
                guard colon < at, let value = try? HeaderFieldSyntax.value(bytes, colon + 1..<end) else { return nil }
                let line = ChangedLine(index: old.index, line: lineStart..<end, value: value, keptStart: keptStart,
                                       keepsLayout: end != lf && end - lineStart == old.end - old.start)
                fieldBytes += (lf + 1 - lineStart) - (old.end + 2 - old.start)
                // After the changed line, the rest of the head (its empty line included) byte for
                // byte, or a second changed line in it.
                let keptRest = fieldsStart + old.end + 2
                let rest = kept.count - keptRest
                guard bytes.count - (lf + 1) >= rest else { return nil }
                if memcmp(keptBase + keptRest, base + lf + 1, rest) == 0 {
                    // Within the limit, every line is (`parseHeaderFields` checks each against what is left).
                    guard fieldBytes <= maxFieldBytes else { return nil }
                    return ChangedValues(first: first ?? line, second: first == nil ? nil : line,
                                        length: lf + 1 + rest - start, fieldBytes: fieldBytes)
                }
                // A second changed line at most (a sign and a request id); a third is read line by line.
                guard first == nil else { return nil }
                first = line
                let next = firstDifference(keptBase + keptRest, base + lf + 1, rest)
                (difference, at) = (keptRest + next, lf + 1 + next)
            }
        }
    }
}
