/// Comparisons whose duration does not depend on where the inputs first differ, so comparing a
/// secret (key, digest, token, hash) with an attacker's guess leaks nothing through timing.
///
/// Lengths are compared first and a difference returns false at once: the lengths of keys,
/// digests and tokens are public, their contents are not.
public enum ConstantTime {
    /// True when `lhs` and `rhs` hold the same bytes.
    public static func equals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        equalBytes(lhs, rhs)
    }

    /// True when the UTF-8 bytes of `lhs` and `rhs` are equal.
    public static func equals(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        equalBytes(lhs.utf8, rhs.utf8)
    }

    /// The same for two Strings, over their contiguous UTF-8: every request's key check comes
    /// here, and the generic version, unspecialized across modules, cost about 5 % of a create's
    /// CPU in metadata look-ups for its `zip`.
    public static func equals(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in equalBytes(left, right) } }
    }

    /// Folds every byte difference into one value instead of returning at the first one.
    private static func equalBytes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<lhs.count { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    private static func equalBytes(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }
}
