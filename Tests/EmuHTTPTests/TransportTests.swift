@testable import EmuHTTP
import Testing

/// The connection's event loop over transports that behave like TLS does at its edges: a read
/// that must first write (a handshake), and input held inside the transport where the socket's
/// read source cannot see it (decrypted records).
@Suite struct TransportTests {
    /// Like a TLS handshake whose reply cannot be written yet: the first read takes what the
    /// socket has (the ClientHello) and asks for writability; nothing more will arrive until it
    /// has written, so only the connection's retry once writable gets the bytes out.
    final class WritesFirst: ConnectionTransport {
        let socket: SocketTransport
        var held: [UInt8]?
        init(fd: Int32) { socket = SocketTransport(fd: fd) }
        var isSecure: Bool { false }
        var hasBufferedInput: Bool { !(held ?? []).isEmpty }
        func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
            guard var held else {
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let result = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
                guard case .transferred(let n) = result else { return result }
                self.held = Array(chunk[..<n])
                return .wouldBlock(.writable)
            }
            guard !held.isEmpty else { return socket.receive(into: buffer) }
            let n = min(held.count, buffer.count)
            buffer.copyBytes(from: held[..<n])
            held.removeFirst(n)
            self.held = held
            return .transferred(n)
        }
        func send(_ bytes: UnsafeRawBufferPointer) -> TransportResult { socket.send(bytes) }
        func shutdown() {}
    }

    /// Reads all the socket has into its own buffer and hands it out 7 bytes at a time, saying
    /// it holds more: like decrypted TLS records, invisible to the socket's read source.
    final class HoldsInput: ConnectionTransport {
        let socket: SocketTransport
        var held: [UInt8] = []
        init(fd: Int32) { socket = SocketTransport(fd: fd) }
        var isSecure: Bool { true }
        var hasBufferedInput: Bool { !held.isEmpty }
        func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
            if held.isEmpty {
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let result = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
                guard case .transferred(let n) = result else { return result }
                held = Array(chunk[..<n])
            }
            let n = min(7, held.count, buffer.count)
            buffer.copyBytes(from: held[..<n])
            held.removeFirst(n)
            return .transferred(n)
        }
        func send(_ bytes: UnsafeRawBufferPointer) -> TransportResult { socket.send(bytes) }
        func shutdown() {}
    }

    struct Factory<T: ConnectionTransport>: TransportFactory {
        let make: @Sendable (Int32) -> T
        func makeTransport(for fd: Int32) throws -> any ConnectionTransport { make(fd) }
    }

    @Test func aReadThatMustWriteFirst_isRetriedOnceWritable() throws {
        let server = try LiveServer(configure: { $0.transportFactory = Factory { WritesFirst(fd: $0) } })
        let response = try server.client().request("POST", "/a", body: Array("hello".utf8))
        #expect(response.status == 200)
        #expect(response.bodyText == "POST /a hello")
    }

    @Test func inputHeldInsideTheTransport_isReadWithoutWaitingForTheSocket() throws {
        let server = try LiveServer(configure: { $0.transportFactory = Factory { HoldsInput(fd: $0) } })
        let client = try server.client()
        let body = String(repeating: "x", count: 300)
        let response = try client.request("PUT", "/held", body: Array(body.utf8))
        #expect(response.bodyText == "PUT /held " + body)
        #expect(try client.request("GET", "/again").bodyText == "GET /again ")
    }
}
