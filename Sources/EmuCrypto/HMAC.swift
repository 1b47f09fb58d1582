import COpenSSL
import Primitives

/// Keyed message authentication (RFC 2104) through OpenSSL.
public enum HMAC {
    /// The 32-byte HMAC-SHA256 of `message` under `key`.
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // OpenSSL treats a null key pointer as "reuse the previous key" in some code paths, so
        // an empty key is passed as a valid pointer with length 0.
        let paddedKey = key.isEmpty ? [0] : key
        let result = paddedKey.withUnsafeBytes { keyBuffer in
            message.withUnsafeBufferPointer { messageBuffer in
                COpenSSL.HMAC(
                    DigestAlgorithm.sha256.md, keyBuffer.baseAddress, Int32(key.count),
                    messageBuffer.baseAddress, messageBuffer.count, &output, &length)
            }
        }
        guard result != nil else { fatalError("OpenSSL HMAC-SHA256 failed") }
        return Array(output.prefix(Int(length)))
    }

    /// HMAC-SHA256 over the UTF-8 bytes of `key` and `message`.
    public static func sha256(key: String, message: String) -> [UInt8] {
        sha256(key: Array(key.utf8), message: Array(message.utf8))
    }

    /// HMAC-SHA256 over UTF-8 strings, as lowercase hex.
    public static func sha256Hex(key: String, message: String) -> String {
        Hex.encode(sha256(key: key, message: message))
    }
}
