import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A certificate signed by its own key (ECDSA P-256), for local HTTPS without a CA: valid for
/// `localhost`, `127.0.0.1`, `::1` and any other names given, for 825 days (the longest Apple
/// platforms accept), with the `serverAuth` usage they require, and not a CA. Clients must be
/// told to trust it.
public struct SelfSignedCertificate: Sendable {
    public let certificatePEM: String
    public let privateKeyPEM: String

    public init(certificatePEM: String, privateKeyPEM: String) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }

    public static let defaultNames = ["localhost", "127.0.0.1", "::1"]
    public static let validityDays = 825

    /// Makes a new key and certificate. `names` are host names or IP addresses.
    public static func generate(names: [String] = defaultNames) throws -> SelfSignedCertificate {
        if let bad = names.first(where: { !isValidName($0) }) { throw TLSError("'\(bad)' is not a host name or IP address") }
        ERR_clear_error()
        guard let key = lcemu_generate_p256_key() else { throw TLSError("cannot generate a P-256 key") }
        defer { EVP_PKEY_free(key) }
        guard let x509 = X509_new() else { throw TLSError("X509_new") }
        defer { X509_free(x509) }
        var serial: UInt64 = 0
        guard RAND_bytes(&serial, 8) == 1 else { throw TLSError("RAND_bytes") }
        guard X509_set_version(x509, 2) == 1,  // X.509 v3
              ASN1_INTEGER_set(X509_get_serialNumber(x509), Int(serial >> 2)) == 1,
              X509_gmtime_adj(X509_getm_notBefore(x509), -3600) != nil,  // an hour of clock skew
              X509_gmtime_adj(X509_getm_notAfter(x509), validityDays * 86_400) != nil,
              X509_set_pubkey(x509, key) == 1
        else { throw TLSError("cannot fill in the certificate") }
        let subject = X509_get_subject_name(x509)
        guard X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC, names.first ?? "localhost", -1, -1, 0) == 1,
              X509_NAME_add_entry_by_txt(subject, "O", MBSTRING_ASC, "LCEmu development certificate", -1, -1, 0) == 1,
              X509_set_issuer_name(x509, subject) == 1
        else { throw TLSError("cannot name the certificate") }
        let alternativeNames = names.map { isIPAddress($0) ? "IP:\($0)" : "DNS:\($0)" }.joined(separator: ",")
        try addExtension(NID_subject_alt_name, alternativeNames, to: x509)
        // Not a certificate authority: trusting it trusts this server only, not what its key could sign.
        try addExtension(NID_basic_constraints, "critical,CA:FALSE", to: x509)
        try addExtension(NID_key_usage, "critical,digitalSignature", to: x509)
        try addExtension(NID_ext_key_usage, "serverAuth", to: x509)
        guard X509_sign(x509, key, EVP_sha256()) > 0 else { throw TLSError("cannot sign the certificate") }
        return SelfSignedCertificate(
            certificatePEM: try PEM.write { PEM_write_bio_X509($0, x509) },
            privateKeyPEM: try PEM.write { PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) })
    }

    /// Whether the certificate is still valid that many days from now (false if unreadable).
    public func isValid(forAtLeastDays days: Int) -> Bool {
        guard let x509 = try? PEM.readCertificate(certificatePEM) else { return false }
        defer { X509_free(x509) }
        var then = time(nil) + days * 86_400
        return X509_cmp_time(X509_get0_notAfter(x509), &then) == 1
    }

    private static func addExtension(_ nid: Int32, _ value: String, to x509: OpaquePointer) throws {
        guard let ext = X509V3_EXT_conf_nid(nil, nil, nid, value) else { throw TLSError("bad extension \(value)") }
        defer { X509_EXTENSION_free(ext) }
        guard X509_add_ext(x509, ext, -1) == 1 else { throw TLSError("cannot add extension \(value)") }
    }

    /// Letters, digits and `.-:*` (IPv6, wildcards), at most 253 of them: nothing that could bend
    /// the `DNS:a,IP:b` syntax the names are written in.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 253 && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || ".-:*".utf8.contains(byte)
        }
    }

    /// IPv4 dotted quads and anything with a colon (IPv6) go in as IP addresses.
    public static func isIPAddress(_ name: String) -> Bool {
        name.contains(":") || (name.split(separator: ".").count == 4 && name.allSatisfy { $0.isNumber || $0 == "." })
    }
}
