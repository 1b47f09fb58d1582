/// What a connection is doing, as one value, and every way it changes: the connection
/// (`HTTPConnection`) reports each event to its state, and performs the `Action` the transition
/// returns — write an answer, read again, close. Modelled on SwiftNIO's
/// `HTTPServerPipelineHandler`: a value with mutating transitions, so the whole protocol
/// (keep-alive, pipelining one request at a time, half-close, deadlines, graceful shutdown) reads
/// in this file and is tested without a socket (`ConnectionStateTests`).
///
/// The state says nothing of bytes: the parser keeps the requests read ahead (its `phase` tells a
/// deadline what is being waited for), the connection keeps the answer being sent. Two rules tie
/// them: bytes wait to be sent only in `writing`, and requests are parsed only in `reading`.
enum ConnectionState: Equatable {
    /// Watching for reads: between requests, or receiving one. `fresh` until the connection sends
    /// anything: a fresh connection that stays silent is closed after the head timeout, not the
    /// (longer) idle one.
    case reading(fresh: Bool)
    /// A TLS read must write first (its handshake) and the socket is full: read again once it is
    /// writable.
    case readingAfterWritable(fresh: Bool)
    /// A request is with the handler. Nothing is read meanwhile (backpressure), so pipelined
    /// requests wait in the parser. `closeAfter`: the peer finished sending, or the server is
    /// shutting down, so the answer ends the connection.
    case awaitingResponse(closeAfter: Bool)
    /// An answer (or a `100 Continue`) was handed to the socket, which has not taken it all yet.
    case writing(thenClose: Bool)
    /// A streamed answer (`HTTPStream`) is being written for as long as both sides keep it open;
    /// `flushing` while the socket has not taken every byte written. Nothing is read but the
    /// peer's end of stream.
    case streaming(flushing: Bool)
    case closed

    /// What the connection does after a transition.
    enum Action: Equatable {
        case none
        /// Send `100 Continue`.
        case sendContinue
        /// Send the handler's answer; `Connection: close` unless `persistent`.
        case sendResponse(persistent: Bool)
        /// Send the head of a streamed answer, then open its stream.
        case startStream
        /// Send an error answer with this status, then close: after a framing error the rest of
        /// the byte stream cannot be trusted (RFC 9112 §6.3), and a late request is not waited for.
        case reject(status: Int)
        /// Send what is left of the answer.
        case flush
        /// Read now (the write a TLS read was waiting for went through).
        case read
        /// Close the socket.
        case close
    }

    /// The timeouts of `HTTPServerConfiguration`, by what the connection waits for.
    enum DeadlineKind: Equatable { case none, idle, head, body, write }

    /// What the socket should be watched for.
    var interest: SocketInterest {
        switch self {
        case .reading: .read
        case .readingAfterWritable, .writing: .write
        case .streaming(let flushing): flushing ? .write : .read
        case .awaitingResponse, .closed: .none
        }
    }

    /// Whether the next buffered request may be answered.
    var readsRequests: Bool {
        if case .reading = self { return true }
        return false
    }

    var isClosed: Bool { self == .closed }

    // MARK: Reading

    /// A read must wait for the socket to be writable (TLS).
    mutating func readNeedsWritable() {
        if case .reading(let fresh) = self { self = .readingAfterWritable(fresh: fresh) }
    }

    /// A read found the end of the peer's stream. An answer owed is still written, then the
    /// connection closes; a connection owing nothing closes now.
    mutating func peerClosed() -> Action {
        switch self {
        case .reading, .readingAfterWritable, .streaming:
            self = .closed
            return .close
        case .awaitingResponse:
            self = .awaitingResponse(closeAfter: true)
            return .none
        case .writing:
            self = .writing(thenClose: true)
            return .none
        case .closed:
            return .none
        }
    }

    /// The parser holds a head with `Expect: 100-continue` whose body is not sent yet.
    mutating func continueExpected() -> Action {
        guard case .reading = self else { return violation() }
        self = .writing(thenClose: false)
        return .sendContinue
    }

    /// A whole request was parsed and goes to the handler. Only one request is in flight: a
    /// request in any other state than `reading` is a bug of the connection, which closes rather
    /// than answer out of order.
    mutating func requestReceived() -> Action {
        guard case .reading = self else { return violation() }
        self = .awaitingResponse(closeAfter: false)
        return .none
    }

    /// The bytes could not be framed as a request; `status` says why (400, 413, 414, 431, 501).
    mutating func requestFailed(status: Int) -> Action {
        guard case .reading = self else { return violation() }
        self = .writing(thenClose: true)
        return .reject(status: status)
    }

    // MARK: Writing

    /// The handler answered. The connection stays open when the request and the peer allow it
    /// and the server is not `stopping`. An answer the connection no longer waits for (after it
    /// closed) is dropped.
    mutating func responseReady(keepAlive: Bool, stopping: Bool) -> Action {
        guard case .awaitingResponse(let closeAfter) = self else { return .none }
        let persistent = keepAlive && !closeAfter && !stopping
        self = .writing(thenClose: !persistent)
        return .sendResponse(persistent: persistent)
    }

    /// The handler answered with a stream. It streams unless the peer finished sending or the
    /// server is `stopping`: then the head alone is sent, and the connection closes.
    mutating func streamReady(stopping: Bool) -> Action {
        guard case .awaitingResponse(let closeAfter) = self else { return .none }
        if closeAfter || stopping {
            self = .writing(thenClose: true)
            return .sendResponse(persistent: false)
        }
        self = .streaming(flushing: true)
        return .startStream
    }

    /// The stream wrote more bytes: send them.
    mutating func streamWritten() -> Action {
        guard case .streaming = self else { return .none }
        self = .streaming(flushing: true)
        return .flush
    }

    /// The stream ended on the server's side: close once its bytes are sent.
    mutating func streamFinished() -> Action {
        guard case .streaming(let flushing) = self else { return .none }
        if flushing {
            self = .writing(thenClose: true)
            return .none
        }
        self = .closed
        return .close
    }

    /// The socket took every byte queued: read the next request, or close.
    mutating func written() -> Action {
        if case .streaming = self {
            self = .streaming(flushing: false)
            return .none
        }
        guard case .writing(let thenClose) = self else { return .none }
        if thenClose {
            self = .closed
            return .close
        }
        self = .reading(fresh: false)
        return .none
    }

    /// The socket became writable.
    mutating func writable() -> Action {
        switch self {
        case .writing, .streaming(flushing: true): return .flush
        case .readingAfterWritable(let fresh):
            self = .reading(fresh: fresh)
            return .read
        case .reading, .awaitingResponse, .streaming, .closed: return .none
        }
    }

    // MARK: Deadlines and closing

    /// The deadline for what the connection waits for, given the parser's phase. The head's
    /// deadline of a fresh connection runs from accept on, and a head's from its first byte:
    /// one kept while the head trickles in byte by byte (slowloris).
    func deadline(phase: HTTPRequestParser.Phase) -> DeadlineKind {
        switch self {
        case .reading(let fresh), .readingAfterWritable(let fresh):
            switch phase {
            case .idle: return fresh ? .head : .idle
            case .head: return .head
            case .body: return .body
            }
        case .writing, .streaming(flushing: true): return .write
        case .awaitingResponse, .streaming, .closed: return .none
        }
    }

    /// The deadline passed. A request started and not finished in time gets 408 (RFC 9110
    /// §15.5.9); a connection that sent nothing, idles or does not take its answer is closed.
    mutating func deadlinePassed(phase: HTTPRequestParser.Phase) -> Action {
        switch self {
        case .reading, .readingAfterWritable:
            if phase == .idle {
                self = .closed
                return .close
            }
            self = .writing(thenClose: true)
            return .reject(status: 408)
        case .writing, .streaming:
            self = .closed
            return .close
        case .awaitingResponse, .closed:
            return .none
        }
    }

    /// Graceful shutdown began. A connection between requests closes now; one receiving a request
    /// or awaiting its answer closes after that answer; a stream, which has no end, closes now.
    mutating func shutdownBegan(phase: HTTPRequestParser.Phase) -> Action {
        switch self {
        case .streaming:
            self = .closed
            return .close
        case .reading, .readingAfterWritable:
            guard phase == .idle else { return .none }  // its answer will say close (`stopping`)
            self = .closed
            return .close
        case .awaitingResponse:
            self = .awaitingResponse(closeAfter: true)
            return .none
        case .writing(let thenClose):
            if phase == .idle && !thenClose { self = .writing(thenClose: true) }
            return .none
        case .closed:
            return .none
        }
    }

    /// The socket failed, or shutdown's grace period ran out.
    mutating func forceClose() -> Action {
        if self == .closed { return .none }
        self = .closed
        return .close
    }

    private mutating func violation() -> Action {
        forceClose()
    }
}
