extension String {
    /// ASCII case-insensitive comparison, the rule for header names and tokens.
    @inlinable
    public func asciiCaseInsensitiveEquals(_ other: String) -> Bool {
        // Lengths first: O(1) for native strings, and most lookups miss on length alone.
        guard utf8.count == other.utf8.count else { return false }
        // Usually the same text (a name set from the same constant is even the same storage):
        // one comparison, then the byte loop only for a difference of case.
        if self == other { return true }
        var a = utf8.makeIterator(), b = other.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return true
            case let (x?, y?):
                if x == y { continue }
                if (x | 0x20) != (y | 0x20) { return false }
                let lower = x | 0x20
                if lower < 0x61 || lower > 0x7A { return false }
            default: return false
            }
        }
    }
}
