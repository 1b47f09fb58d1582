import COpenSSL
import EmuHTTP

/// The client side of TLS over a connected blocking socket, for `BlockingHTTPClient`: used by
/// `lcemu healthcheck --tls` and by tests. With `trusting`, the server must present that
/// certificate (or one it signed) for `serverName`; without it nothing is verified, which is
/// only right for a health check on loopback.
public final class TLSClientStream: BlockingStream {
    private let context: OpaquePointer
    private let ssl: OpaquePointer

    public init(fd: Int32, serverName: String = "localhost", trusting certificatePEM: String? = nil) throws {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw TLSError("SSL_CTX_new") }
        guard let ssl = SSL_new(context) else {
            SSL_CTX_free(context)
            throw TLSError("SSL_new")
        }
        self.context = context
        self.ssl = ssl
        if let certificatePEM {
            let certificate = try PEM.readCertificate(certificatePEM)
            defer { X509_free(certificate) }
            guard X509_STORE_add_cert(SSL_CTX_get_cert_store(context), certificate) == 1 else {
                throw TLSError("cannot trust the certificate")
            }
            SSL_set_verify(ssl, SSL_VERIFY_PEER, nil)
            let checked = SelfSignedCertificate.isIPAddress(serverName)
                ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), serverName)
                : SSL_set1_host(ssl, serverName)
            guard checked == 1 else { throw TLSError("bad server name \(serverName)") }
        }
        if !SelfSignedCertificate.isIPAddress(serverName) { _ = lcemu_ssl_set_server_name(ssl, serverName) }
        guard SSL_set_fd(ssl, fd) == 1 else { throw TLSError("SSL_set_fd") }
        guard SSL_connect(ssl) == 1 else {
            let verify = SSL_get_verify_result(ssl)
            let reason = verify == X509_V_OK ? "" : " (\(String(cString: X509_verify_cert_error_string(verify))))"
            throw TLSError("TLS handshake with \(serverName) failed\(reason)")
        }
    }

    deinit {
        SSL_free(ssl)
        SSL_CTX_free(context)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        let n = SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count))
        guard n > 0 else { throw TLSError("TLS write failed") }
        return Int(n)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        if n > 0 { return Int(n) }
        switch SSL_get_error(ssl, n) {
        case SSL_ERROR_ZERO_RETURN, SSL_ERROR_SYSCALL: return 0  // closed, with or without close_notify
        default: throw TLSError("TLS read failed")
        }
    }

    /// The server's certificate, as PEM; nil before a handshake.
    public var peerCertificatePEM: String? {
        guard let certificate = SSL_get1_peer_certificate(ssl) else { return nil }
        defer { X509_free(certificate) }
        return try? PEM.write { PEM_write_bio_X509($0, certificate) }
    }
}
