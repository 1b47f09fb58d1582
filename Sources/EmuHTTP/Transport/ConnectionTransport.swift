#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a connection moves bytes over its socket: plainly (`SocketTransport`) or through TLS
/// (the `EmuTLS` module). The connection keeps its event loop; the transport only says whether
/// a call moved bytes or must wait, and for which readiness, because a TLS read may have to
/// write (a handshake) before it can return data.
public protocol ConnectionTransport: AnyObject {
    /// Whether the bytes are encrypted: requests learn it as `HTTPRequest.isSecure`.
    var isSecure: Bool { get }
    /// Reads into `buffer`. Called on the connection's executor only (`SocketWatch`).
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult
    /// Writes from `bytes`; may take fewer than offered.
    func send(_ bytes: UnsafeRawBufferPointer) -> TransportResult
    /// Input already read from the socket but not yet returned (TLS records decrypted ahead).
    /// The socket's read source cannot see it, so the connection reads again while it is true.
    var hasBufferedInput: Bool { get }
    /// Called once, just before the descriptor is closed.
    func shutdown()
}

public enum TransportResult: Equatable {
    /// This many bytes were read or written.
    case transferred(Int)
    /// Nothing moved; call again when the socket is readable, or writable.
    case wouldBlock(TransportReadiness)
    /// The peer closed the stream cleanly.
    case closed
    /// The connection is broken (reset, protocol error, failed handshake).
    case failed
}

public enum TransportReadiness: Equatable, Sendable { case readable, writable }

/// Makes the transport for each accepted connection (`HTTPServerConfiguration.transportFactory`).
public protocol TransportFactory: Sendable {
    func makeTransport(for fd: Int32) throws -> any ConnectionTransport
}

// MARK: - SocketTransport, plain TCP

/// Plain TCP: `recv` and `send` on the non-blocking socket.
final class SocketTransport: ConnectionTransport {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }

    var isSecure: Bool { false }
    var hasBufferedInput: Bool { false }

    func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        while true {
            let n = recv(fd, buffer.baseAddress, buffer.count, 0)
            if n > 0 { return .transferred(n) }
            if n == 0 { return .closed }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock(.readable) : .failed
        }
    }

    func send(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        while true {
            let n = Platform.send(fd, bytes.baseAddress!, bytes.count, Platform.sendFlags)
            if n > 0 { return .transferred(n) }
            if n < 0 && errno == EINTR { continue }
            return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? .wouldBlock(.writable) : .failed
        }
    }

    func shutdown() {}
}
