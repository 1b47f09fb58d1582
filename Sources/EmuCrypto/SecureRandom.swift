/// Cryptographically secure random bytes and strings from the operating system's CSPRNG.
public enum SecureRandom {
    /// `count` random bytes.
    ///
    /// From `SystemRandomNumberGenerator`: the kernel's generator (`getrandom(2)` on Linux,
    /// `arc4random_buf` on Apple platforms), the source OpenSSL seeds its own from. Not OpenSSL's
    /// `RAND_bytes`: its first call sets up OpenSSL's DRBG and default provider, and `serve` mints
    /// its dashboard link at start, so that alone kept about 2 MB of libcrypto resident in an idle
    /// server (docs/performance.md, idle memory). Traps if the system source fails
    /// (the runtime does): handing out predictable tokens would be worse than stopping.
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0, "negative byte count")
        guard count > 0 else { return [] }
        var generator = SystemRandomNumberGenerator()
        var output = [UInt8](repeating: 0, count: count)
        output.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let word = generator.next()
                let take = min(8, buffer.count - offset)
                withUnsafeBytes(of: word) { buffer.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: take) }
                offset += take
            }
        }
        return output
    }

    /// A uniformly random integer in `0..<upperBound`.
    ///
    /// Rejection sampling: a 32-bit draw at or above the largest multiple of `upperBound` is
    /// thrown away, because folding it with `%` would favour the small values (modulo bias).
    public static func uniform(_ upperBound: Int) -> Int {
        precondition(upperBound > 0 && upperBound <= Int(UInt32.max), "upper bound out of range")
        let bound = UInt64(upperBound)
        let limit = (UInt64(1) << 32) / bound * bound
        while true {
            let draw = bytes(4).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if draw < limit { return Int(draw % bound) }
        }
    }

    /// A string of `length` characters, each drawn uniformly from `alphabet` (no modulo bias).
    public static func string(length: Int, alphabet: String) -> String {
        let characters = Array(alphabet)
        precondition(!characters.isEmpty, "empty alphabet")
        precondition(length >= 0, "negative length")
        if characters.count <= 256 {
            return String(sampleBytes(count: length, alphabetSize: characters.count).map { characters[$0] })
        }
        return String((0..<length).map { _ in characters[uniform(characters.count)] })
    }

    /// `count` indexes below `alphabetSize` (at most 256) from single random bytes: bytes at or
    /// above the largest multiple of the size are rejected. Bytes are drawn in batches, since
    /// one draw per character would dominate the cost of a token.
    private static func sampleBytes(count: Int, alphabetSize: Int) -> [Int] {
        let limit = 256 / alphabetSize * alphabetSize
        var indexes: [Int] = []
        indexes.reserveCapacity(count)
        while indexes.count < count {
            // Ask for a little more than needed; rejections rarely exceed it.
            for byte in bytes(count - indexes.count + 8) where Int(byte) < limit {
                indexes.append(Int(byte) % alphabetSize)
                if indexes.count == count { break }
            }
        }
        return indexes
    }
}
