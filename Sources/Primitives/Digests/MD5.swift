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

    /// Whether `hex` is the lowercase hex MD5 of `first` followed by `second`, in constant time,
    /// with the message on the stack when short: the `X-LC-Sign` check of every request.
    public static func digest(of first: some StringProtocol, _ second: some StringProtocol,
                              matchesLowercaseHex hex: some Collection<UInt8>) -> Bool {
        let count = first.utf8.count + second.utf8.count
        return withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { message in
            var offset = 0
            for byte in first.utf8 { message[offset] = byte; offset += 1 }
            for byte in second.utf8 { message[offset] = byte; offset += 1 }
            return MD5State.hashState(UnsafeRawBufferPointer(message)).matchesLowercaseHex(hex)
        }
    }
}
