import Primitives

/// A connection's copy of the field lines it last wrote, for answers whose fields are the same
/// array: most of a keep-alive connection's answers carry the same constant fields (the API's
/// standard JSON headers), and copying their lines whole is one `memcpy` where writing them field
/// by field cost ~1,000 instructions for four fields (each name and value retained and released,
/// reached through `withContiguousStorageIfAvailable`, every value checked for CR/LF; issue 31).
///
/// The same fields are the same storage: the cache holds the array it saw last, so that storage
/// cannot be freed and its address given to other fields while kept, and nothing can change it in
/// place (a change through another owner copies it first). Its lines are written once it is seen
/// a second time in a row, so fields built for one answer cost a comparison, not a copy.
struct FieldLineCache {
    /// Whether it keeps anything: the encoder's public entry points use one that does not.
    private let enabled: Bool
    /// The fields last seen; `lines` were written from them when `hasLines`.
    private var fields: [HTTPHeaders.Field] = []
    private var lines: [UInt8] = []
    private var hasLines = false

    init(enabled: Bool = true) { self.enabled = enabled }

    /// Writes `fields`' lines (managed ones left out, values minus CR and LF), from the copy when
    /// they are the ones it holds lines for.
    mutating func write(_ fields: [HTTPHeaders.Field], into head: inout HeadWriter) {
        let seen = enabled && Self.address(fields) == Self.address(self.fields)
        if seen && hasLines { return lines.withUnsafeBufferPointer { head.write($0) } }
        let start = head.count
        Self.writeLines(fields, into: &head)
        // Larger lines are not kept: an idle connection must stay small.
        guard enabled, !head.overflowed, head.count - start <= Self.maxKeptBytes else { return }
        if seen {
            lines = Array(head.written[start...])
            hasLines = true
        } else {
            self.fields = fields
            hasLines = false
        }
    }

    /// The most bytes of lines kept: those of a usual answer, within the encoder's first try.
    static let maxKeptBytes = HTTPResponseEncoder.typicalHeadCapacity

    private static func address(_ fields: [HTTPHeaders.Field]) -> UnsafeRawPointer? {
        fields.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// Each field's line, those the encoder writes itself (`isManaged`) left out.
    private static func writeLines(_ fields: [HTTPHeaders.Field], into head: inout HeadWriter) {
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where !isManaged(fields[index].name) {
                head.writeField(name: fields[index].name, value: fields[index].value)
            }
        }
    }

    /// `Content-Length`, `Date`, `Connection` and `Transfer-Encoding`: the encoder writes them.
    private static func isManaged(_ name: String) -> Bool {
        // Most names have none of these lengths and cost one comparison.
        switch name.utf8.count {
        case 4: return name.asciiCaseInsensitiveEquals("Date")
        case 10: return name.asciiCaseInsensitiveEquals("Connection")
        case 14: return name.asciiCaseInsensitiveEquals("Content-Length")
        case 17: return name.asciiCaseInsensitiveEquals("Transfer-Encoding")
        default: return false
        }
    }
}
