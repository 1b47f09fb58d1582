import ArgumentParser
import EmuTLS

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
