#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EmuHTTP

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
