#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
