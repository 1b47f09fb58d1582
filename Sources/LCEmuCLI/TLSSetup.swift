import ArgumentParser
import EmuTLS
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Primitives

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
