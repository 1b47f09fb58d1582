import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP server that accepts connections, reads requests and never answers: a request
/// in flight for as long as a test likes. It reports accepted and client-closed connections.
// @unchecked: every stored property is a constant; sockets are used on one accept thread.
public final class SilentServer: @unchecked Sendable {
    public enum Event: Sendable { case accepted, closedByClient }

    public let port: Int
    public let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let listener: Int32

    public init() throws {
        (events, continuation) = AsyncStream<Event>.makeStream()
        #if os(Linux)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard listener >= 0, bound == 0, listen(listener, 8) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let continuation = self.continuation
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                continuation.yield(.accepted)
                Thread.detachNewThread {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while recv(connection, &buffer, buffer.count, 0) > 0 {}
                    close(connection)
                    continuation.yield(.closedByClient)
                }
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        continuation.finish()
    }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
}
