/// A hash over whole messages, with the entry points MD5 and SHA-1 share.
///
/// A conforming type supplies only the raw-buffer `digest`; bytes, strings and hex come from
/// here, so callers never copy a message just to hash it.
public protocol MessageDigest {
    /// The digest of the bytes in `message`.
    static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8]
}

extension MessageDigest {
    /// The digest of `bytes`, read in place when they are contiguous (an Array, Data, a UTF-8 view).
    @inlinable
    public static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { digest($0) }
    }

    /// The digest of a string's UTF-8 bytes.
    @inlinable
    public static func digest(_ string: String) -> [UInt8] {
        var string = string
        // withUTF8 makes a bridged or non-contiguous string native first, so this never copies twice.
        return string.withUTF8 { digest(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of a string's UTF-8 bytes as lowercase hex.
    @inlinable
    public static func hex(_ string: String) -> String { Hex.encode(digest(string)) }

    /// The digest of `bytes` as lowercase hex.
    @inlinable
    public static func hex(_ bytes: some Sequence<UInt8>) -> String { Hex.encode(digest(bytes)) }
}

// MARK: - BlockDigestState, the padding MD5 and SHA-1 share

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
    /// How many 32-bit words the digest has (4 for MD5, 5 for SHA-1).
    static var wordCount: Int { get }
    /// The state word at `index`, in digest order.
    func word(_ index: Int) -> UInt32
}

extension BlockDigestState {
    /// Hashes a whole message: its full blocks in place, then the padded tail on the stack
    /// (RFC 1321 §3.1–3.2, FIPS 180-4 §5.1.1: 0x80, zeros to 56 mod 64, the length in bits).
    static func hash(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        hashState(message).bytes
    }

    /// The state after the whole padded message.
    static func hashState(_ message: UnsafeRawBufferPointer) -> Self {
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
        return state
    }

    /// The state after `first` followed by `second`, as `hashState` of the two joined. A message
    /// of at most 55 bytes (a signature's timestamp and key) is one padded block, written on the
    /// stack straight from both parts: no staging copy of the message, no second block zeroed.
    static func hashState(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Self {
        let count = first.count + second.count
        guard count < 56 else {
            return withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { message in
                UnsafeMutableRawBufferPointer(rebasing: message[..<first.count]).copyMemory(from: first)
                UnsafeMutableRawBufferPointer(rebasing: message[first.count...]).copyMemory(from: second)
                return hashState(UnsafeRawBufferPointer(message))
            }
        }
        var state = Self()
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 8) { words in
            words.initialize(repeating: 0)
            let block = UnsafeMutableRawBufferPointer(words)
            if !first.isEmpty { UnsafeMutableRawBufferPointer(rebasing: block[..<first.count]).copyMemory(from: first) }
            if !second.isEmpty {
                UnsafeMutableRawBufferPointer(rebasing: block[first.count..<count]).copyMemory(from: second)
            }
            block[count] = 0x80
            let bitLength = UInt64(count) &* 8
            words[7] = isBigEndian ? bitLength.bigEndian : bitLength.littleEndian
            state.process(UnsafeRawBufferPointer(block))
        }
        return state
    }

    /// The digest byte at `index`: the state words in the algorithm's byte order.
    func byte(_ index: Int) -> UInt8 {
        let shift = Self.isBigEndian ? 24 - (index & 3) * 8 : (index & 3) * 8
        return UInt8(truncatingIfNeeded: word(index >> 2) >> shift)
    }

    /// The digest.
    var bytes: [UInt8] {
        (0..<(Self.wordCount * 4)).map(byte)
    }

    /// Whether `hex` is this digest in lowercase hex, compared in constant time and without
    /// building the digest or its hex (the signature check on every request).
    ///
    /// A word at a time: each state word's eight hex digits are made in one 64-bit integer and
    /// compared with eight bytes of `hex` at once (a byte loop was about 1,000 instructions of
    /// every signed request, issue 31). Every word is compared whatever the earlier ones gave.
    func matchesLowercaseHex(_ hex: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hex.count == Self.wordCount * 8, let base = hex.baseAddress else { return false }
        let bytes = UnsafeRawPointer(base)
        var difference: UInt64 = 0
        for index in 0..<Self.wordCount {
            let sent = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
            difference |= sent ^ Self.lowercaseHexDigits(word(index))
        }
        return difference == 0
    }

    /// The eight lowercase hex digits of a state word's four digest bytes, the first digit in
    /// the lowest byte (as they sit in memory, read little-endian), without a branch.
    @inline(__always)
    static func lowercaseHexDigits(_ word: UInt32) -> UInt64 {
        // The digest's bytes in order, the first lowest, spread to every other byte.
        let ordered = UInt64(isBigEndian ? word.byteSwapped : word)
        let spread = (ordered & 0xFF) | (ordered & 0xFF00) << 8 | (ordered & 0xFF_0000) << 16 | (ordered & 0xFF00_0000) << 24
        // Each byte's high nibble, then its low nibble: sixteen nibbles, one a byte.
        let nibbles = (spread >> 4) & 0x000F_000F_000F_000F | (spread & 0x000F_000F_000F_000F) << 8
        // 0x76 + nibble reaches 0x80 exactly from 10: those digits are letters, 39 further on
        // than `0` + nibble (`a` is 0x61, `0` + 10 is 0x3A). No byte carries into the next.
        let letters = ((nibbles &+ 0x7676_7676_7676_7676) >> 7) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 39
    }
}
