import EmuHTTP

/// The lengths of a request's header field names, as bits: a name of a length none has is not
/// among them. Most requests carry neither `Authorization` nor the dashboard's marker, and two
/// lookups that compared every field for them cost ~250 instructions per request (issue 31);
/// one pass over the fields for their lengths costs ~90 for four, and answers both (and any other lookup
/// made before the credentials) with one test of a bit.
package struct FieldNameLengths: Sendable {
    /// Bit `n` for a name of `n` bytes; bit 63 for every name of 63 bytes or more.
    @usableFromInline let bits: UInt64

    package init(_ headers: HTTPHeaders) {
        var bits: UInt64 = 0
        headers.fields.withUnsafeBufferPointer { fields in
            // By index: iterating the fields copied each, a retain and a release of its strings.
            for index in fields.indices { bits |= 1 << UInt64(min(fields[index].name.utf8.count, 63)) }
        }
        self.bits = bits
    }

    /// False only when no field can be named `name` (ASCII case aside, as `HTTPHeaders` looks up):
    /// no field's name has its length. True says only that a lookup is worth making.
    @inlinable package func mayContain(_ name: String) -> Bool {
        bits & (1 << UInt64(min(name.utf8.count, 63))) != 0
    }
}
