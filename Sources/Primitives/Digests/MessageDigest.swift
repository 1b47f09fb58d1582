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
