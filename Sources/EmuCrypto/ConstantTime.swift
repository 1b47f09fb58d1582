import COpenSSL

/// Comparisons whose duration does not depend on where inputs first differ, so that comparing
/// a secret (hash, token, signature) with an attacker's guess leaks nothing through timing.
public enum ConstantTime {
    /// True when `a` and `b` are equal. Lengths are compared first and a difference returns
    /// false at once; lengths of hashes and tokens are public, their contents are not.
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { left in
            b.withUnsafeBytes { right in
                CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
            }
        }
    }

    /// True when the UTF-8 bytes of `a` and `b` are equal, compared in constant time.
    public static func equals(_ a: String, _ b: String) -> Bool {
        equals(Array(a.utf8), Array(b.utf8))
    }
}
