import COpenSSL
import Primitives

/// SHA-256 through OpenSSL's EVP interface.
///
/// MD5 and SHA-1, needed only for protocol compatibility, are pure Swift in Primitives:
/// clients on iOS need them too, without OpenSSL.
public enum Digest {
    /// The 32-byte SHA-256 digest of `bytes`.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] { compute(.sha256, bytes) }
    /// The SHA-256 digest of the UTF-8 bytes of `string`.
    public static func sha256(_ string: String) -> [UInt8] { sha256(Array(string.utf8)) }
    /// The SHA-256 digest of the UTF-8 bytes of `string`, as 64 lowercase hex characters.
    public static func sha256Hex(_ string: String) -> String { Hex.encode(sha256(string)) }
    /// The SHA-256 digest of `bytes` as lowercase hex.
    public static func sha256Hex(_ bytes: [UInt8]) -> String { Hex.encode(sha256(bytes)) }

    /// Runs one digest with a fresh context. The only failures OpenSSL can report here are
    /// allocation failure or a missing default provider: the system is broken, so trap.
    private static func compute(_ algorithm: DigestAlgorithm, _ bytes: [UInt8]) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = EVP_DigestInit_ex(context, algorithm.md, nil) == 1
            && bytes.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) } == 1
            && EVP_DigestFinal_ex(context, &output, &length) == 1
        guard ok else { fatalError("OpenSSL digest \(algorithm.name) failed") }
        return Array(output.prefix(Int(length)))
    }
}

/// An OpenSSL digest fetched once. OpenSSL 3 recommends explicit fetching: the legacy
/// `EVP_md5()` style handles make every `EVP_DigestInit_ex` look the algorithm up again.
/// A fetched `EVP_MD` is immutable and safe to share between threads.
// @unchecked: a fetched EVP_MD is immutable and OpenSSL documents it as shareable between threads.
final class DigestAlgorithm: @unchecked Sendable {
    let name: String
    let md: OpaquePointer

    private init(_ name: String) {
        guard let md = EVP_MD_fetch(nil, name, nil) else {
            fatalError("OpenSSL has no \(name) digest (default provider missing?)")
        }
        self.name = name
        self.md = md
    }

    static let sha256 = DigestAlgorithm("SHA256")
}

// MARK: - HMAC, keyed SHA-256

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
