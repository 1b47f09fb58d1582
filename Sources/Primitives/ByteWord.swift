/// Tests on eight bytes at once (a `UInt64` read from memory), for the loops that skip plain
/// text a word at a time: HTTP field values, header values written out, JSON strings.
///
/// Each test gives a word with the high bit set in the bytes it found, and is exact about
/// whether there is one (not always about which: a borrow may mark a byte above the first
/// found), so a caller skips words that give zero and leaves the first other word to its byte
/// loop, which decides.
public enum ByteWord {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `pointer`, the first in the lowest byte on any platform.
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Non-zero when a byte of `word` is `byte`.
    @inlinable @inline(__always)
    public static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let zeroWhereEqual = word ^ (ones &* UInt64(byte))
        return (zeroWhereEqual &- ones) & ~zeroWhereEqual & highs
    }

    /// Non-zero when a byte of `word` is below `limit` (at most 0x80).
    @inlinable @inline(__always)
    public static func bytes(_ word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Non-zero when a byte of `word` is 0x80 or above (part of a multi-byte UTF-8 character).
    @inlinable @inline(__always)
    public static func bytesFrom0x80(_ word: UInt64) -> UInt64 { word & highs }
}
