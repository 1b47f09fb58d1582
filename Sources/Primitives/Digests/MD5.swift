/// MD5 (RFC 1321) in plain Swift.
///
/// For protocols that still sign and checksum with MD5, on every platform (iOS included)
/// without OpenSSL: written once for clients and servers. Not for anything security-sensitive.
///
/// ```swift
/// MD5.hex("abc")   // "900150983cd24fb0d6963f7d28e17f72"
/// ```
public enum MD5: MessageDigest {
    /// The 16-byte digest of the bytes in `message`.
    public static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8] { MD5State.hash(message) }
}
