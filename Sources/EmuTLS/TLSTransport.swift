#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import COpenSSL
import EmuHTTP

/// Wraps each accepted socket in a server-side TLS session.
public struct TLSTransportFactory: TransportFactory {
    public let context: TLSServerContext
    public init(context: TLSServerContext) { self.context = context }

    public func makeTransport(for fd: Int32) throws -> any ConnectionTransport {
        try TLSTransport(fd: fd, context: context)
    }
}

/// One connection's TLS session over its non-blocking socket. The handshake happens inside the
/// first reads; OpenSSL says when it needs the socket readable or writable, which is exactly
/// what `TransportResult.wouldBlock` reports back to the connection's event loop.
final class TLSTransport: ConnectionTransport {
    private let ssl: OpaquePointer
    private let context: TLSServerContext  // keeps the SSL_CTX alive as long as the session
    private let fd: Int32
    /// The client's first byte was a TLS record, not a plain HTTP request.
    private var handshakeSeen = false

    init(fd: Int32, context: TLSServerContext) throws {
        guard let ssl = SSL_new(context.context) else { throw TLSError("SSL_new") }
        guard SSL_set_fd(ssl, fd) == 1 else {
            SSL_free(ssl)
            throw TLSError("SSL_set_fd")
        }
        SSL_set_accept_state(ssl)
        self.ssl = ssl
        self.context = context
        self.fd = fd
    }

    deinit { SSL_free(ssl) }

    var isSecure: Bool { true }
    var hasBufferedInput: Bool { SSL_pending(ssl) > 0 }

    func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        if !handshakeSeen {
            switch PlainHTTPProbe.check(fd) {
            case .tls: handshakeSeen = true
            case .plainHTTP: return PlainHTTPProbe.answer(fd)
            case .undecided: return .wouldBlock(.readable)
            }
        }
        ERR_clear_error()
        let n = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        return n > 0 ? .transferred(Int(n)) : outcome(of: n)
    }

    func send(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        ERR_clear_error()
        let n = SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count))
        return n > 0 ? .transferred(Int(n)) : outcome(of: n)
    }

    /// Sends close_notify, best effort: the socket is non-blocking and closes right after.
    func shutdown() {
        ERR_clear_error()
        if SSL_is_init_finished(ssl) == 1 { _ = SSL_shutdown(ssl) }
    }

    private func outcome(of result: Int32) -> TransportResult {
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: return .wouldBlock(.readable)
        case SSL_ERROR_WANT_WRITE: return .wouldBlock(.writable)
        case SSL_ERROR_ZERO_RETURN: return .closed
        // A signal interrupted the socket call: nothing is lost, the source fires again.
        case SSL_ERROR_SYSCALL where ERR_peek_error() == 0 && errno == EINTR: return .wouldBlock(.readable)
        default: return .failed
        }
    }
}

// MARK: - PlainHTTPProbe, the answer to plain HTTP on the TLS port

/// An `http://` URL pointed at the HTTPS port is a common slip. Rather than a reset connection,
/// the client gets a plain-text HTTP 400 in the API's error format that says what to change.
enum PlainHTTPProbe {
    enum Verdict { case tls, plainHTTP, undecided }

    /// Peeks at the first byte without consuming it: a TLS handshake record starts with 0x16,
    /// an HTTP request with a method's upper-case letter.
    static func check(_ fd: Int32) -> Verdict {
        var first: UInt8 = 0
        let n = recv(fd, &first, 1, Int32(MSG_PEEK))
        if n == 1 { return (0x41...0x5A).contains(first) ? .plainHTTP : .tls }
        if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .undecided }
        return .tls  // end of stream or an error: let OpenSSL report it as usual
    }

    static let body = #"{"code":1,"error":"This port serves HTTPS: use an https:// URL."}"#
    static let response = Array((
        "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json;charset=utf-8\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)

    /// Best effort (the answer fits any socket buffer), then the connection closes. The request
    /// is read first: closing a socket with unread input resets it, and the answer with it.
    static func answer(_ fd: Int32) -> TransportResult {
        var discard = [UInt8](repeating: 0, count: 16 * 1024)
        for _ in 0..<4 where discard.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) == discard.count {}
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0  // Darwin: SO_NOSIGPIPE is set on accepted sockets
        #endif
        _ = response.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
        return .failed
    }
}
