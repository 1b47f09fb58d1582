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
        let (listener, port) = try LoopbackListener.open()
        self.listener = listener
        self.port = port
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
