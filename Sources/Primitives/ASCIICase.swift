extension String {
    /// ASCII case-insensitive comparison, the rule for header names and tokens.
    @inlinable
    public func asciiCaseInsensitiveEquals(_ other: String) -> Bool {
        // Lengths first, inline: O(1) for native strings, and most lookups miss on length alone.
        guard utf8.count == other.utf8.count else { return false }
        return asciiCaseInsensitiveEqualsSameLength(other)
    }

    /// Two texts of one length compared byte by byte, in place (a small string's bytes on the
    /// stack), in one loop. A `==` first and then iterators, as before, cost a few hundred
    /// instructions for names of one length that differ (issue 31).
    @usableFromInline
    func asciiCaseInsensitiveEqualsSameLength(_ other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in asciiCaseInsensitiveEqualBytes(mine, theirs) }
        }
        if let compared, let compared { return compared }
        return asciiCaseInsensitiveEqualBytes(Array(utf8), Array(other.utf8))
    }
}

/// Whether two byte strings are equal but for the case of ASCII letters.
func asciiCaseInsensitiveEqualBytes<Bytes: RandomAccessCollection<UInt8>>(_ a: Bytes, _ b: Bytes) -> Bool
where Bytes.Index == Int {
    guard a.count == b.count else { return false }
    var index = a.startIndex, other = b.startIndex
    while index < a.endIndex {
        let x = a[index], y = b[other]
        if x != y {
            let lower = x | 0x20
            if lower != y | 0x20 || lower < 0x61 || lower > 0x7A { return false }
        }
        index += 1
        other += 1
    }
    return true
}
