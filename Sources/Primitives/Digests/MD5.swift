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
    /// Concrete types, not generics: unspecialised, the check took 2.6 µs instead of 0.3.
    public static func digest(of first: Substring, _ second: String, matchesLowercaseHex hex: Substring) -> Bool {
        var first = first, second = second, hex = hex
        return first.withUTF8 { head in
            second.withUTF8 { tail in
                hex.withUTF8 { hex in
                    withUnsafeTemporaryAllocation(byteCount: head.count + tail.count, alignment: 1) { message in
                        UnsafeMutableRawBufferPointer(rebasing: message[..<head.count]).copyMemory(from: UnsafeRawBufferPointer(head))
                        UnsafeMutableRawBufferPointer(rebasing: message[head.count...]).copyMemory(from: UnsafeRawBufferPointer(tail))
                        return MD5State.hashState(UnsafeRawBufferPointer(message)).matchesLowercaseHex(hex)
                    }
                }
            }
        }
    }
}
