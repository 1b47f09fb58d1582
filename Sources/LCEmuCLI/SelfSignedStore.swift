import EmuTLS
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// Keeps the self-signed certificate between starts, so clients trust it once:
/// `self-signed-cert.pem` (what clients trust), `self-signed-key.pem` (owner-only) and
/// `self-signed-names.txt` (what it was made for). A new one is made when any is missing or
/// unreadable, the names asked for change, or it expires within 30 days.
struct SelfSignedStore {
    let directory: String
    var certificatePath: String { path("self-signed-cert.pem") }
    var keyPath: String { path("self-signed-key.pem") }
    var namesPath: String { path("self-signed-names.txt") }

    /// The server context of the kept certificate, or of a new one saved first. The context is
    /// also the check that the kept files still load: start-up loads them once.
    func context(for names: [String]) throws -> TLSServerContext {
        let wanted = names.joined(separator: "\n")
        if let stored = try? String(contentsOfFile: namesPath, encoding: .utf8), stored == wanted,
           let certificate = try? String(contentsOfFile: certificatePath, encoding: .utf8),
           let key = try? String(contentsOfFile: keyPath, encoding: .utf8) {
            let existing = SelfSignedCertificate(certificatePEM: certificate, privateKeyPEM: key)
            if existing.isValid(forAtLeastDays: 30), let context = try? TLSServerContext(existing) { return context }
        }
        let fresh = try SelfSignedCertificate.generate(names: names)
        try save(fresh, names: wanted)
        return try TLSServerContext(fresh)
    }

    private func save(_ certificate: SelfSignedCertificate, names: String) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try writeOwnerOnly(certificate.privateKeyPEM, to: keyPath)
        try certificate.certificatePEM.write(toFile: certificatePath, atomically: true, encoding: .utf8)
        try names.write(toFile: namesPath, atomically: true, encoding: .utf8)
    }

    /// Creates the file with mode 0600 before anything is in it, so the key is never readable
    /// by others, not even for a moment.
    private func writeOwnerOnly(_ text: String, to path: String) throws {
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: ["NSFilePath": path]) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown, userInfo: ["NSFilePath": path])
        }
    }

    private func path(_ name: String) -> String { PathText.join(directory, name) }
}
