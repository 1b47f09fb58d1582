import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Primitives

/// Salted, slow password hashing with PBKDF2-HMAC-SHA256, stored as one self-describing string:
///
///     pbkdf2-sha256$<iterations>$<salt, base64>$<hash, base64>
///
/// The iteration count travels with each hash, so raising `iterations` later only affects new
/// hashes and old ones still verify.
public struct PasswordHasher: Sendable {
    /// The scheme name, the first field of an encoded hash.
    public static let scheme = "pbkdf2-sha256"
    /// Salt length in bytes: 16 random bytes make precomputed tables useless.
    public static let saltLength = 16
    /// Derived hash length in bytes: one SHA-256 block, so PBKDF2 does one pass per iteration.
    public static let hashLength = 32
    /// The most iterations `verify` accepts from an encoded string, so a tampered record cannot
    /// make one login burn minutes of CPU.
    public static let maximumIterations = 10_000_000

    /// The iteration count used by `hash(password:)`.
    public let iterations: Int

    /// A hasher with `iterations` PBKDF2 rounds (default 10,000; tests may use fewer).
    public init(iterations: Int = 10_000) {
        precondition(iterations >= 1 && iterations <= PasswordHasher.maximumIterations, "iterations out of range")
        self.iterations = iterations
    }

    /// Hashes `password` (its UTF-8 bytes) with a fresh random salt, encoded as described above.
    public func hash(password: String) -> String {
        let salt = SecureRandom.bytes(PasswordHasher.saltLength)
        let derived = PasswordHasher.pbkdf2SHA256(
            password: Array(password.utf8), salt: salt, iterations: iterations, length: PasswordHasher.hashLength)
        return [
            PasswordHasher.scheme, String(iterations),
            Data(salt).base64EncodedString(), Data(derived).base64EncodedString(),
        ].joined(separator: "$")
    }

    /// True when `password` matches `encoded`, compared in constant time. A malformed, foreign or
    /// out-of-range encoded string gives false; it never traps.
    public func verify(password: String, encoded: String) -> Bool {
        guard let parsed = EncodedHash(encoded) else { return false }
        let derived = PasswordHasher.pbkdf2SHA256(
            password: Array(password.utf8), salt: parsed.salt, iterations: parsed.iterations,
            length: parsed.hash.count)
        return ConstantTime.equals(derived, parsed.hash)
    }

    /// Raw PBKDF2-HMAC-SHA256 (RFC 8018) through OpenSSL's `PKCS5_PBKDF2_HMAC`.
    public static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        precondition(iterations >= 1 && length >= 1, "iterations and length must be positive")
        var output = [UInt8](repeating: 0, count: length)
        // Empty inputs are passed as valid pointers with length 0, never as null.
        let passwordBytes = password.isEmpty ? [0] : password
        let saltBytes = salt.isEmpty ? [0] : salt
        let ok = passwordBytes.withUnsafeBytes { passwordBuffer in
            saltBytes.withUnsafeBufferPointer { saltBuffer in
                PKCS5_PBKDF2_HMAC(
                    passwordBuffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(password.count),
                    saltBuffer.baseAddress, Int32(salt.count), Int32(iterations),
                    DigestAlgorithm.sha256.md, Int32(length), &output)
            }
        }
        guard ok == 1 else { fatalError("OpenSSL PKCS5_PBKDF2_HMAC failed") }
        return output
    }
}

/// The fields of an encoded hash, parsed strictly.
private struct EncodedHash {
    let iterations: Int
    let salt: [UInt8]
    let hash: [UInt8]

    init?(_ encoded: String) {
        let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == PasswordHasher.scheme,
              let iterations = Int(fields[1]), (1...PasswordHasher.maximumIterations).contains(iterations),
              let salt = Data(base64Encoded: String(fields[2])), !salt.isEmpty,
              let hash = Data(base64Encoded: String(fields[3])), (16...64).contains(hash.count)
        else { return nil }
        self.iterations = iterations
        self.salt = Array(salt)
        self.hash = Array(hash)
    }
}
