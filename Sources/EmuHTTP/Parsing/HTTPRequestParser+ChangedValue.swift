#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

extension HTTPRequestParser {
    /// When the buffer holds the previous head with one field's value changed — the SDKs sign
    /// every request anew, so `X-LC-Sign` differs each time and nothing else does — the rest of
    /// that head is read at once: the request line, the other fields, the facts and the limits
    /// are the previous head's, and only the changed line is read (parsing a re-signed
    /// `/1.1/date` took 8,215 instructions line by line, ~3,100 so; issue 31). Two changed values
    /// (a request id beside the sign, `changedValues`) are read the same way. A changed field
    /// must be one the parser does not act on (not Host, framing, Expect or Connection), keep its
    /// name, and its new line must pass the checks of any field line; anything else is read line
    /// by line, as alone.
    mutating func repeatHeadButChangedValues() throws(HTTPParseError) -> Bool {
        let start = readIndex, maxFieldBytes = limits.maxHeaderBytes, hint = changedLineStart
        guard start < buffer.count else { return false }
        // One value first, by the leaner search; two only where it found none.
        var found = try Self.reading(buffer, previous) { (bytes, previous) in
            Self.changedValue(of: previous, in: bytes, at: start, maxFieldBytes: maxFieldBytes, sameBefore: hint)
        }
        if found == nil {
            found = try Self.reading(buffer, previous) { (bytes, previous) in
                Self.changedValues(of: previous, in: bytes, at: start, maxFieldBytes: maxFieldBytes, sameBefore: hint)
            }
        }
        guard let change = found else { return false }
        let (first, second) = (change.first, change.second)
        changedLineStart = first.keptStart
        let values = buffer.withUnsafeBufferPointer { bytes in
            (HTTPBytes.string(bytes, first.value), second.map { HTTPBytes.string(bytes, $0.value) } ?? "")
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

    /// The one changed value of `previous`'s head in `bytes` from `start`, when the head there
    /// is that head but for one field's value, complete (`comparableLayout`). `sameBefore`: where
    /// the difference is likely to start (the line that changed last time).
    static func changedValue(of previous: RepeatedHead, in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                             maxFieldBytes: Int, sameBefore hint: Int) -> ChangedValues? {
        guard let layout = comparableLayout(of: previous), let base = bytes.baseAddress else { return nil }
        let (fieldsStart, keptFieldBytes) = layout
        let available = bytes.count - start
        return previous.head.withUnsafeBufferPointer { kept -> ChangedValues? in
            guard let keptBase = kept.baseAddress else { return nil }
            let difference = firstDifference(kept, base + start, available: available, sameBefore: hint)
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
            let line = ChangedLine(index: old.index, line: lineStart..<end, value: value, keptStart: fieldsStart + old.start,
                                   keepsLayout: end != lf && end - lineStart == old.end - old.start)
            return ChangedValues(first: line, second: nil, length: lf + 1 + rest - start, fieldBytes: fieldBytes)
        }
    }

    /// `fields` with the values at `index` and at `second` (when a field's index) replaced,
    /// appended one by one to a new array: changing a copy of the array in place, or copying their
    /// memory whole, went through the runtime's generic copy of each tuple (~800 and ~750
    /// instructions for four fields).
    static func fields(_ fields: [HTTPHeaders.Field], replacingValueAt index: Int, with value: String,
                       andAt second: Int = -1, with secondValue: String = "") -> [HTTPHeaders.Field] {
        var copy: [HTTPHeaders.Field] = []
        copy.reserveCapacity(fields.count)
        fields.withUnsafeBufferPointer { fields in
            for at in fields.indices {
                let kept = at == index ? value : at == second ? secondValue : fields[at].value
                copy.append((name: fields[at].name, value: kept))
            }
        }
        return copy
    }

    /// Where a kept head's fields start and the bytes its field lines take, CRLFs included, when
    /// it can be compared in place: it has a request line and CRLF after every line, so its
    /// lines' places follow from their lengths (`KeptFieldLines`).
    @inline(__always)
    static func comparableLayout(of previous: RepeatedHead) -> (fieldsStart: Int, fieldBytes: Int)? {
        let fieldsStart = previous.requestLineLength + 2
        let fieldBytes = previous.lines.byteCount + 2 * previous.lines.count
        guard previous.requestLineLength > 0, previous.head.count == fieldsStart + fieldBytes + 2 else { return nil }
        return (fieldsStart, fieldBytes)
    }

    /// The first offset where the head at `base` (of `available` bytes) differs from the kept
    /// one, compared up to what both hold: the request line and the fields before the change,
    /// up to the hint in one `memcmp` when they are the same.
    @inline(__always)
    static func firstDifference(_ kept: UnsafeBufferPointer<UInt8>, _ base: UnsafePointer<UInt8>, available: Int,
                                sameBefore hint: Int) -> Int {
        let keptBase = kept.baseAddress!, compared = min(kept.count, available)
        let same = hint > 0 && hint <= compared && memcmp(keptBase, base, hint) == 0 ? hint : 0
        return same + firstDifference(keptBase + same, base + same, compared - same)
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
