extension String {
    /// ASCII case-insensitive comparison, the rule for header names and tokens.
    @inlinable
    public func asciiCaseInsensitiveEquals(_ other: String) -> Bool {
        // Lengths first, inline: O(1) for native strings, and most lookups miss on length alone.
        guard utf8.count == other.utf8.count else { return false }
        return asciiCaseInsensitiveEqualsSameLength(other)
    }

    /// Two texts of one length compared in place (a small string's bytes on the stack), in one
    /// loop. A `==` first and then iterators, as before, cost a few hundred instructions for
    /// names of one length, equal or not (issue 31).
    @usableFromInline
    func asciiCaseInsensitiveEqualsSameLength(_ other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in asciiCaseInsensitiveEqualBytes(mine, theirs) }
        }
        if let compared, let compared { return compared }
        return Array(utf8).withUnsafeBufferPointer { mine in
            Array(other.utf8).withUnsafeBufferPointer { theirs in asciiCaseInsensitiveEqualBytes(mine, theirs) }
        }
    }
}

/// Whether two byte strings are equal but for the case of ASCII letters. Equal 8-byte words are
/// passed over at once (the usual case: the same name in the same case); from the first word
/// that differs, byte by byte. Inlinable: header lookups in other modules compare in place.
@inlinable
public func asciiCaseInsensitiveEqualBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    var index = 0
    if let first = a.baseAddress, let second = b.baseAddress {
        while index + 8 <= a.count,
              UnsafeRawPointer(first + index).loadUnaligned(as: UInt64.self)
                == UnsafeRawPointer(second + index).loadUnaligned(as: UInt64.self) {
            index += 8
        }
    }
    while index < a.count {
        let x = a[index], y = b[index]
        if x != y {
            let lower = x | 0x20
            if lower != y | 0x20 || lower < 0x61 || lower > 0x7A { return false }
        }
        index += 1
    }
    return true
}
