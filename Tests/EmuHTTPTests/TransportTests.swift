import EmuTestSupport
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

    /// A live server under `model` whose connections use the transport `make` builds.
    func liveServer<T: ConnectionTransport>(_ model: HTTPEventModel, _ make: @escaping @Sendable (Int32) -> T) throws -> TestServer {
        try TestServer.start(handler: Echo.handler, configure: {
            $0.eventModel = model
            $0.transportFactory = Factory(make: make)
        })
    }

    /// Takes at most 1,000 bytes per send, and only every other call: the rest of the time it
    /// says the socket is full, so every answer waits for writability many times.
    final class Stutters: ConnectionTransport {
        let socket: SocketTransport
        var refuseNext = true
        init(fd: Int32) { socket = SocketTransport(fd: fd) }
        var isSecure: Bool { false }
        var hasBufferedInput: Bool { false }
        func receive(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult { socket.receive(into: buffer) }
        func send(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
            refuseNext.toggle()
            if !refuseNext { return .wouldBlock(.writable) }
            return socket.send(UnsafeRawBufferPointer(rebasing: bytes.prefix(1000)))
        }
        func shutdown() {}
    }

    @Test(arguments: HTTPEventModel.allCases)
    func aReadThatMustWriteFirst_isRetriedOnceWritable(model: HTTPEventModel) throws {
        let server = try liveServer(model) { WritesFirst(fd: $0) }
        let response = try server.connect().request("POST", "/a", body: Array("hello".utf8))
        #expect(response.status == 200)
        #expect(response.bodyText == "POST /a hello")
    }

    @Test(arguments: HTTPEventModel.allCases)
    func inputHeldInsideTheTransport_isReadWithoutWaitingForTheSocket(model: HTTPEventModel) throws {
        let server = try liveServer(model) { HoldsInput(fd: $0) }
        let client = try server.connect()
        let body = String(repeating: "x", count: 300)
        let response = try client.request("PUT", "/held", body: Array(body.utf8))
        #expect(response.bodyText == "PUT /held " + body)
        #expect(try client.request("GET", "/again").bodyText == "GET /again ")
    }

    @Test(arguments: HTTPEventModel.allCases)
    func answersThatMustWaitToBeWritten_arriveWholeAndInOrder(model: HTTPEventModel) throws {
        let server = try liveServer(model) { Stutters(fd: $0) }
        let client = try server.connect()
        let body = String(repeating: "0123456789", count: 6_000)
        try client.send("PUT /1 HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\n\(body)GET /2 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().bodyText == "PUT /1 " + body)
        #expect(try client.readResponse().bodyText == "GET /2 ")
    }
}
