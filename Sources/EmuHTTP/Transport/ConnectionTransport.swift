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
