import COpenSSL

/// The server side of TLS: a certificate (chain) and its private key, loaded once and shared by
/// every connection. TLS 1.2 and 1.3 only, no renegotiation (`lcemu_ssl_ctx_configure`).
// @unchecked: the SSL_CTX is configured once in init and only read after (OpenSSL allows that from many threads).
public final class TLSServerContext: @unchecked Sendable {
    // SSL_CTX is safe to share between threads once configured; nothing changes it afterwards.
    let context: OpaquePointer

    /// Loads PEM files: `certificateChainFile` holds the server certificate first, then any
    /// intermediates; `privateKeyFile` its unencrypted key.
    public convenience init(certificateChainFile: String, privateKeyFile: String) throws {
        try self.init { context in
            guard SSL_CTX_use_certificate_chain_file(context, certificateChainFile) == 1 else {
                throw TLSError("cannot load the certificate chain from \(certificateChainFile)")
            }
            guard SSL_CTX_use_PrivateKey_file(context, privateKeyFile, SSL_FILETYPE_PEM) == 1 else {
                throw TLSError("cannot load the private key from \(privateKeyFile), or it does not match the certificate")
            }
        }
    }

    /// Uses a certificate made in memory (`SelfSignedCertificate`).
    public convenience init(_ certificate: SelfSignedCertificate) throws {
        try self.init { context in
            let x509 = try PEM.readCertificate(certificate.certificatePEM)
            defer { X509_free(x509) }
            let key = try PEM.readPrivateKey(certificate.privateKeyPEM)
            defer { EVP_PKEY_free(key) }
            guard X509_check_private_key(x509, key) == 1 else {
                throw TLSError("the private key does not match the certificate")
            }
            guard SSL_CTX_use_certificate(context, x509) == 1, SSL_CTX_use_PrivateKey(context, key) == 1 else {
                throw TLSError("cannot use the generated certificate")
            }
        }
    }

    private init(load: (OpaquePointer) throws -> Void) throws {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw TLSError("SSL_CTX_new") }
        do {
            guard lcemu_ssl_ctx_configure(context) == 1 else { throw TLSError("cannot configure TLS") }
            try load(context)
            guard SSL_CTX_check_private_key(context) == 1 else {
                throw TLSError("the private key does not match the certificate")
            }
        } catch {
            SSL_CTX_free(context)
            throw error
        }
        self.context = context
    }

    deinit { SSL_CTX_free(context) }
}
