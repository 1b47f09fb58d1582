/// The running state of a hash over 64-byte blocks with Merkle–Damgård padding (MD5, SHA-1):
/// they differ only in the block function and in byte order, so the padding is written once.
protocol BlockDigestState {
    /// Whether words and the message length are big-endian (SHA-1) or little-endian (MD5); a
    /// computed constant, so the byte-order choices fold away when `hash` is specialised.
    static var isBigEndian: Bool { get }
    /// The initial state.
    init()
    /// Mixes one 64-byte block into the state.
    mutating func process(_ block: UnsafeRawBufferPointer)
    /// The state words, in digest order.
    var words: [UInt32] { get }
}

extension BlockDigestState {
    /// Hashes a whole message: its full blocks in place, then the padded tail on the stack
    /// (RFC 1321 §3.1–3.2, FIPS 180-4 §5.1.1: 0x80, zeros to 56 mod 64, the length in bits).
    static func hash(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var state = Self()
        let fullBlocks = message.count / 64
        for block in 0..<fullBlocks {
            state.process(UnsafeRawBufferPointer(rebasing: message[(block * 64)..<(block * 64 + 64)]))
        }
        let tail = UnsafeRawBufferPointer(rebasing: message[(fullBlocks * 64)...])
        // A tail of 56 bytes or more leaves no room for the length: it spills into a second block.
        let paddedCount = tail.count < 56 ? 64 : 128
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { padded in
            padded.initializeMemory(as: UInt8.self, repeating: 0)
            if !tail.isEmpty { padded.copyMemory(from: tail) }
            padded[tail.count] = 0x80
            let bitLength = UInt64(message.count) &* 8
            for index in 0..<8 {
                let shift = isBigEndian ? 56 - index * 8 : index * 8
                padded[paddedCount - 8 + index] = UInt8(truncatingIfNeeded: bitLength >> shift)
            }
            for start in stride(from: 0, to: paddedCount, by: 64) {
                state.process(UnsafeRawBufferPointer(rebasing: padded[start..<(start + 64)]))
            }
        }
        return state.bytes
    }

    /// The digest: the state words in the algorithm's byte order.
    var bytes: [UInt8] {
        let words = self.words
        var result: [UInt8] = []
        result.reserveCapacity(words.count * 4)
        for word in words {
            for index in 0..<4 {
                let shift = Self.isBigEndian ? 24 - index * 8 : index * 8
                result.append(UInt8(truncatingIfNeeded: word >> shift))
            }
        }
        return result
    }
}
