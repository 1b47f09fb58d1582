import ArgumentParser
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

/// The HTTPS options of `lcemu serve` (and of `lcemu healthcheck`, which must speak TLS too).
/// Plain HTTP unless one of them is given; docs/tls.md.
struct TLSOptions: ParsableArguments {
    @Option(name: .customLong("tls-cert"), help: "PEM certificate chain (server certificate first): serve HTTPS with it; needs --tls-key. [env: LCEMU_TLS_CERT]")
    var certificate: String?

    @Option(name: .customLong("tls-key"), help: "PEM private key (unencrypted) of --tls-cert. [env: LCEMU_TLS_KEY]")
    var key: String?

    @Flag(name: .customLong("tls-self-signed"), help: "Serve HTTPS with a self-signed certificate, made on the first start and kept in <data>/tls/. [env: LCEMU_TLS_SELF_SIGNED=1]")
    var selfSigned = false

    @Option(name: .customLong("tls-names"), help: "Comma-separated host names and IP addresses the self-signed certificate covers besides localhost, 127.0.0.1 and ::1. [env: LCEMU_TLS_NAMES]")
    var names: String?

    enum Mode: Equatable {
        case off
        case files(certificate: String, key: String)
        case selfSigned(extraNames: [String])
    }

    /// Options, then environment, checked for conflicts.
    func mode() throws -> Mode {
        let certificate = Environment.optionalString(certificate, "LCEMU_TLS_CERT")
        let key = Environment.optionalString(key, "LCEMU_TLS_KEY")
        let selfSigned = Environment.flag(selfSigned, "LCEMU_TLS_SELF_SIGNED")
        let names = Environment.list(names, "LCEMU_TLS_NAMES")
        if selfSigned && (certificate != nil || key != nil) {
            throw ValidationError("--tls-self-signed conflicts with --tls-cert/--tls-key: use one or the other")
        }
        if !names.isEmpty && !selfSigned {
            throw ValidationError("--tls-names only applies to --tls-self-signed (a given certificate has its own names)")
        }
        switch (certificate, key) {
        case let (certificate?, key?): return .files(certificate: certificate, key: key)
        case (_?, nil): throw ValidationError("--tls-cert needs --tls-key")
        case (nil, _?): throw ValidationError("--tls-key needs --tls-cert")
        case (nil, nil):
            guard selfSigned else { return .off }
            if let bad = names.first(where: { !SelfSignedCertificate.isValidName($0) }) {
                throw ValidationError("--tls-names: '\(bad)' is not a host name or IP address")
            }
            return .selfSigned(extraNames: names)
        }
    }
}

// MARK: - TLSSetup

/// Turns the TLS options into the server's transport, and a line for the banner.
enum TLSSetup {
    struct Result {
        let factory: TLSTransportFactory
        let description: String
    }

    static func make(_ mode: TLSOptions.Mode, dataDirectory: String) throws -> Result? {
        do {
            switch mode {
            case .off:
                return nil
            case let .files(certificate, key):
                try requireFile(certificate, option: "--tls-cert")
                try requireFile(key, option: "--tls-key")
                let context = try TLSServerContext(certificateChainFile: certificate, privateKeyFile: key)
                return Result(factory: TLSTransportFactory(context: context), description: certificate)
            case let .selfSigned(extraNames):
                let names = SelfSignedCertificate.defaultNames + extraNames.filter { !SelfSignedCertificate.defaultNames.contains($0) }
                let store = SelfSignedStore(directory: directory(for: dataDirectory))
                let context: TLSServerContext
                do {
                    context = try store.context(for: names)
                } catch let error as TLSError {
                    throw error
                } catch {
                    throw StartFailure.tls("cannot keep the self-signed certificate in \(store.directory): \(error)")
                }
                return Result(factory: TLSTransportFactory(context: context),
                              description: "self-signed \(store.certificatePath) (for \(names.joined(separator: ", ")); clients must trust it)")
            }
        } catch let error as TLSError {
            throw StartFailure.tls("\(error)")
        }
    }

    /// A path that names no file is a bad option value (exit 64), as for `--config`; a file
    /// that is there but does not load fails the start (exit 1).
    private static func requireFile(_ path: String, option: String) throws {
        guard FileStatus.isDirectory(path) == false else {
            throw ValidationError("\(option): no file at '\(path)'")
        }
    }

    /// `<data>/tls`; with an in-memory database, a fixed directory under the temporary one, so
    /// the certificate a client was told to trust survives restarts there too.
    static func directory(for dataDirectory: String) -> String {
        if dataDirectory == ":memory:" {
            return PathText.join(FileManager.default.temporaryDirectory.path, "lcemu-tls")
        }
        return PathText.join(dataDirectory, "tls")
    }
}

// MARK: - SelfSignedStore

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
