/// SHA-1 (FIPS 180-4) in plain Swift.
///
/// For protocols that still ask for SHA-1 (a password sent as SHA-1 hex), on every platform
/// without OpenSSL: written once for clients and servers. Not for security.
///
/// ```swift
/// SHA1.hex("abc")   // "a9993e364706816aba3e25717850c26c9cd0d89d"
/// ```
public enum SHA1: MessageDigest {
    /// The 20-byte digest of the bytes in `message`.
    public static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8] { SHA1State.hash(message) }
}
