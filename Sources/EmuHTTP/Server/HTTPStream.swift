import Primitives

/// A response whose body is written as it is produced, for as long as the client listens:
/// server-sent events (docs/http.md#streamed-responses). A handler answers with the head (status
/// and headers) and a stream; once the head is sent, the connection hands `opened` a writer, on
/// its executor. The body is close-delimited (RFC 9112 §6.3: no `Content-Length`, `Connection:
/// close`), so the stream ends when either side closes, and the connection then serves nothing
/// else: a request pipelined behind it is never answered. A HEAD request, or one answered while
/// the server is stopping, gets the head alone and the connection closes.
public struct HTTPStream: Sendable {
    let opened: @Sendable (HTTPStreamWriter) -> Void

    public init(opened: @escaping @Sendable (HTTPStreamWriter) -> Void) {
        self.opened = opened
    }
}

/// Writes a streamed body, from any thread. Writes are sent in order; a client that stops reading
/// is cut off once `HTTPStreamWriter.maxBacklog` bytes wait for it, or its socket stays full
/// for the idle timeout. Shutdown closes every stream at once: it never waits on one.
public final class HTTPStreamWriter: Sendable {
    /// The most bytes that may wait for a client that does not read before its stream is closed.
    public static let maxBacklog = 1024 * 1024

    private struct State {
        var connection: HTTPConnection?
        var closeHandlers: [@Sendable () -> Void] = []
    }
    private let state: Locked<State>

    init(connection: HTTPConnection) {
        state = Locked(State(connection: connection))
    }

    /// Whether the stream is still open (it may close by the time a write reaches it).
    public var isOpen: Bool { state.current.connection != nil }

    /// Queues `bytes` for the client; false when the stream is closed, and nothing is sent.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard let connection = state.current.connection else { return false }
        connection.execute { connection.streamWrite(bytes) }
        return true
    }

    /// Ends the stream: the connection closes once what was written is sent.
    public func finish() {
        guard let connection = state.current.connection else { return }
        connection.execute { connection.streamFinish() }
    }

    /// Runs `handler` once, when the stream closes for any reason; at once when it is closed.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let closed = state.withValue { state -> Bool in
            guard state.connection != nil else { return true }
            state.closeHandlers.append(handler)
            return false
        }
        if closed { handler() }
    }

    /// Called by the connection as it closes.
    func connectionClosed() {
        let handlers = state.withValue { state -> [@Sendable () -> Void] in
            state.connection = nil
            defer { state.closeHandlers = [] }
            return state.closeHandlers
        }
        for handler in handlers { handler() }
    }
}

// MARK: - ServerSentEvent, the wire format

/// One server-sent event as the `text/event-stream` format writes it (HTML, "Server-sent
/// events"): `event:` and one `data:` line per line of the data, then a blank line.
public enum ServerSentEvent {
    public static let contentType = "text/event-stream; charset=utf-8"

    public static func encode(event: String, data: String) -> [UInt8] {
        var text = "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return Array((text + "\n").utf8)
    }

    /// A comment line: keeps an idle stream from looking dead to whatever is in between.
    public static let heartbeat: [UInt8] = Array(": heartbeat\n\n".utf8)
}
