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
    /// `repeatHeadButOneValue` for a head with two changed values: a client that sends a request
    /// id (`X-Request-Id`) beside its sign changes two lines a request, which were read line by
    /// line (~6,400 instructions more a re-signed `/1.1/date`, issue 31). Tried only where that
    /// one found no single changed value, so that its own path stays as lean as it was (one
    /// implementation for both cost a re-signed head ~200 more). Each changed field must be one
    /// the parser does not act on, keep its name, and its new line pass the checks of any field
    /// line; anything else is read line by line, as alone.
    mutating func repeatHeadButTwoValues() throws(HTTPParseError) -> Bool {
        let start = readIndex, maxFieldBytes = limits.maxHeaderBytes, hint = changedLineStart
        guard start < buffer.count else { return false }
        let found = try Self.reading(buffer, previous) { (bytes, previous) in
            Self.changedValues(of: previous, in: bytes, at: start, maxFieldBytes: maxFieldBytes, sameBefore: hint)
        }
        guard let change = found else { return false }
        changedLineStart = change.first.keptStart
        let (first, second) = (change.first, change.second)
        let values = buffer.withUnsafeBufferPointer { bytes in
            (HTTPBytes.string(bytes, first.value), second.map { HTTPBytes.string(bytes, $0.value) })
        }
        head.fields = Self.fields(previous.request.headers.fields, replacingValueAt: first.index, with: values.0,
                                  andAt: second?.index ?? -1, with: values.1)
        // The previous lines, changed in place: `finishRequest` keeps this head's, not them.
        swap(&head.lines, &previous.lines)
        buffer.withUnsafeBufferPointer { bytes in
            if let second { head.lines.replace(at: second.index, with: second.line, in: bytes) }
            head.lines.replace(at: first.index, with: first.line, in: bytes)
        }
        head.version = previous.request.version
        head.requestLineLength = previous.requestLineLength
        head.headerBytes = change.fieldBytes
        // Taken, not copied (~65 instructions): `finishRequest` keeps this head's in their place.
        swap(&head.facts, &previous.facts)
        head.start = start
        if change.keepsLayout {
            // The kept head becomes this one in place (a new sign): `keepHead` then copies nothing.
            buffer.withUnsafeBufferPointer { bytes in
                previous.head.withUnsafeMutableBufferPointer { kept in
                    func write(_ line: ChangedLine) {
                        _ = memcpy(kept.baseAddress! + line.keptStart, bytes.baseAddress! + line.line.lowerBound, line.line.count)
                    }
                    write(first)
                    if let second { write(second) }
                }
            }
            head.headKept = true
        }
        consume(upTo: start + change.length)
        try finishHead()
        return true
    }

    /// The changed values of `previous`'s head in `bytes` from `start`, when the head there is
    /// that head but for one or two fields' values, complete. Only a kept head with CRLF after
    /// every line is compared (its lines' places then follow from their lengths, `KeptFieldLines`).
    /// `sameBefore`: where the difference is likely to start (the line that changed first last time).
    static func changedValues(of previous: RepeatedHead, in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                             maxFieldBytes: Int, sameBefore hint: Int) -> ChangedValues? {
        let fieldsStart = previous.requestLineLength + 2
        let keptFieldBytes = previous.lines.byteCount + 2 * previous.lines.count
        guard previous.requestLineLength > 0, previous.head.count == fieldsStart + keptFieldBytes + 2,
              let base = bytes.baseAddress else { return nil }
        let available = bytes.count - start
        return previous.head.withUnsafeBufferPointer { kept -> ChangedValues? in
            guard let keptBase = kept.baseAddress else { return nil }
            // The same bytes up to the first difference: the request line and the fields before
            // (up to the hint in one call when they are).
            let compared = min(kept.count, available)
            let same = hint > 0 && hint <= compared && memcmp(keptBase, base + start, hint) == 0 ? hint : 0
            var difference = same + firstDifference(keptBase + same, base + start + same, compared - same)
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

    /// `fields` with the values at `index` and at `second` (when a field's index) replaced, as
    /// `fields(_:replacingValueAt:with:)` makes them.
    static func fields(_ fields: [HTTPHeaders.Field], replacingValueAt index: Int, with value: String,
                       andAt second: Int, with secondValue: String?) -> [HTTPHeaders.Field] {
        var copy: [HTTPHeaders.Field] = []
        copy.reserveCapacity(fields.count)
        fields.withUnsafeBufferPointer { fields in
            for at in fields.indices {
                let kept = at == index ? value : at == second ? secondValue ?? fields[at].value : fields[at].value
                copy.append((name: fields[at].name, value: kept))
            }
        }
        return copy
    }
}
