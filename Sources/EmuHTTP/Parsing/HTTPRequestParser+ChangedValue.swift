#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// Where a head differs from the previous one in one field's value alone, and what that value is.
struct ChangedValue {
    /// The field's index, and its new line (content) and value in the parser's buffer.
    var index: Int
    var line: Range<Int>
    var value: Range<Int>
    /// The new head's length, request line to empty line, and its field lines' bytes.
    var length: Int
    var fieldBytes: Int
    /// Where the changed line starts in the head.
    var lineStart: Int
    /// Whether the new line has the old one's length and ends in CRLF, as the old one did: the
    /// new head is then the kept one with that line's bytes replaced, in place.
    var keepsLayout: Bool
}

extension HTTPRequestParser {
    /// When the buffer holds the previous head with one field's value changed — the SDKs sign
    /// every request anew, so `X-LC-Sign` differs each time and nothing else does — the rest of
    /// that head is read at once: the request line, the other fields, the facts and the limits
    /// are the previous head's, and only the changed line is read (parsing a re-signed
    /// `/1.1/date` took 8,215 instructions line by line, ~3,100 so; issue 31). The changed field
    /// must be one the parser does not act on (not Host, framing, Expect or Connection), keep its
    /// name, and the new line must pass the checks of any field line; anything else is read line
    /// by line, as alone.
    mutating func repeatHeadButOneValue() throws(HTTPParseError) -> Bool {
        let start = readIndex, maxFieldBytes = limits.maxHeaderBytes, hint = changedLineStart
        guard start < buffer.count else { return false }
        let found = try Self.reading(buffer, previous) { (bytes, previous) in
            Self.changedValue(of: previous, in: bytes, at: start, maxFieldBytes: maxFieldBytes, sameBefore: hint)
        }
        guard let change = found else { return false }
        changedLineStart = change.lineStart
        let value = buffer.withUnsafeBufferPointer { HTTPBytes.string($0, change.value) }
        head.fields = Self.fields(previous.request.headers.fields, replacingValueAt: change.index, with: value)
        // The previous lines, changed in place: `finishRequest` keeps this head's, not them.
        swap(&head.lines, &previous.lines)
        buffer.withUnsafeBufferPointer { head.lines.replace(at: change.index, with: change.line, in: $0) }
        head.version = previous.request.version
        head.requestLineLength = previous.requestLineLength
        head.headerBytes = change.fieldBytes
        // Taken, not copied (~65 instructions): `finishRequest` keeps this head's in their place.
        swap(&head.facts, &previous.facts)
        head.start = start
        if change.keepsLayout {
            // The kept head becomes this one in place (a new sign): `keepHead` then copies nothing.
            let (from, to, count) = (change.line.lowerBound, change.lineStart, change.line.count)
            buffer.withUnsafeBufferPointer { bytes in
                previous.head.withUnsafeMutableBufferPointer { _ = memcpy($0.baseAddress! + to, bytes.baseAddress! + from, count) }
            }
            head.headKept = true
        }
        consume(upTo: start + change.length)
        try finishHead()
        return true
    }

    /// The one changed value of `previous`'s head in `bytes` from `start`, when the head there
    /// is that head but for one field's value, complete. Only a kept head with CRLF after every
    /// line is compared (its lines' places then follow from their lengths, `KeptFieldLines`).
    /// `sameBefore`: where the difference is likely to start (the line that changed last time).
    static func changedValue(of previous: RepeatedHead, in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                             maxFieldBytes: Int, sameBefore hint: Int) -> ChangedValue? {
        let fieldsStart = previous.requestLineLength + 2
        let keptFieldBytes = previous.lines.byteCount + 2 * previous.lines.count
        guard previous.requestLineLength > 0, previous.head.count == fieldsStart + keptFieldBytes + 2,
              let base = bytes.baseAddress else { return nil }
        let available = bytes.count - start
        return previous.head.withUnsafeBufferPointer { kept -> ChangedValue? in
            guard let keptBase = kept.baseAddress else { return nil }
            // The same bytes up to the first difference: the request line and the fields before
            // (up to the hint in one call when they are).
            let compared = min(kept.count, available)
            let same = hint > 0 && hint <= compared && memcmp(keptBase, base + start, hint) == 0 ? hint : 0
            let difference = same + firstDifference(keptBase + same, base + start + same, compared - same)
            guard difference >= fieldsStart, difference < available,
                  let old = previous.lines.line(holding: difference - fieldsStart), old.isOther else { return nil }
            let lineStart = start + fieldsStart + old.start
            // The kept line holds no LF before its end, nor (the same bytes) the new one before the difference.
            guard let lf = indexOfLF(in: bytes, from: start + difference, to: bytes.count) else { return nil }
            let end = lf > lineStart && bytes[lf - 1] == HTTPBytes.cr ? lf - 1 : lf
            // After the changed line, the rest of the head (its empty line included) byte for byte.
            let keptRest = fieldsStart + old.end + 2
            let rest = kept.count - keptRest
            guard bytes.count - (lf + 1) >= rest, memcmp(keptBase + keptRest, base + lf + 1, rest) == 0 else { return nil }
            // Within the limit, every line is (`parseHeaderFields` checks each against what is left).
            let fieldBytes = keptFieldBytes - (old.end + 2 - old.start) + (lf + 1 - lineStart)
            guard fieldBytes <= maxFieldBytes else { return nil }
            // The same name and colon (before the difference), so the same role; after them a value a
            // field line may have (`HeaderFieldSyntax.split` of the line, its name already checked).
            let colon = lineStart + previous.request.headers.fields[old.index].name.utf8.count
            guard colon < start + difference, let value = try? HeaderFieldSyntax.value(bytes, colon + 1..<end) else { return nil }
            return ChangedValue(index: old.index, line: lineStart..<end, value: value, length: lf + 1 + rest - start,
                                fieldBytes: fieldBytes, lineStart: fieldsStart + old.start,
                                keepsLayout: end != lf && end - lineStart == old.end - old.start)
        }
    }

    /// `fields` with the value at `index` replaced, appended one by one to a new array: changing a
    /// copy of the array in place, or copying their memory whole, went through the runtime's
    /// generic copy of each tuple (~800 and ~750 instructions for four fields).
    static func fields(_ fields: [HTTPHeaders.Field], replacingValueAt index: Int, with value: String) -> [HTTPHeaders.Field] {
        var copy: [HTTPHeaders.Field] = []
        copy.reserveCapacity(fields.count)
        fields.withUnsafeBufferPointer { fields in
            for at in fields.indices { copy.append((name: fields[at].name, value: at == index ? value : fields[at].value)) }
        }
        return copy
    }

    /// The first offset below `count` where `a` and `b` differ, else `count`: eight bytes a step.
    static func firstDifference(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var offset = 0
        while offset + 8 <= count {
            let bits = ByteWord.load(a + offset) ^ ByteWord.load(b + offset)
            // `load` puts the first byte lowest: the lowest set bit is in the first differing byte.
            if bits != 0 { return offset + bits.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < count && a[offset] == b[offset] { offset += 1 }
        return offset
    }
}
