import Dispatch
import Primitives

/// One client connection: it moves bytes between its socket and its parser and encoder, and
/// does what its `ConnectionState` says after each event. Everything it holds lives on its
/// executor, which its `SocketWatch` gives: its own serial queue driven by Dispatch sources, or
/// its event loop's thread. No thread waits on an idle client.
///
/// Each entry point (a readable or writable socket, an answer from elsewhere, a deadline, a
/// shutdown) ends with `settle()`, which tells the watch and the deadline what the state now
/// waits for. While a request is answered inline nothing changes in between, so a keep-alive
/// connection answering synchronously makes no `epoll_ctl` per request.
// @unchecked: its mutable state is touched only on its executor (see `SocketWatch`).
// `@exclusivity(unchecked)` on that state: one thread at a time and no access nested in another
// (an answer given inline is encoded after `handle` returns), so the runtime's check, a call and
// a thread-local look-up per access, found nothing to catch (issue 31: 29 checks per fetch).
final class HTTPConnection: @unchecked Sendable {
    let fd: Int32
    let transport: any ConnectionTransport
    let watcher: any SocketWatch
    let context: ServerContext
    @exclusivity(unchecked) var state = ConnectionState.reading(fresh: true)
    /// Requests read ahead (pipelining) stay here until the state reads requests again.
    @exclusivity(unchecked) var parser: HTTPRequestParser
    /// The answer being sent (`writing`): bytes from `outboundOffset` on are not sent yet.
    @exclusivity(unchecked) var outbound: [UInt8] = []
    @exclusivity(unchecked) var outboundOffset = 0
    /// The running deadline: what it guards (`ConnectionState.deadline`) and when it passes.
    @exclusivity(unchecked) var deadlineKind = ConnectionState.DeadlineKind.none
    @exclusivity(unchecked) var deadline: UInt64 = 0
    @exclusivity(unchecked) var dateStamp = HTTPDateStamp()
    /// The field lines of the last answers, copied whole into the next with the same fields.
    @exclusivity(unchecked) var fieldLines = FieldLineCache()
    /// Bytes read from the socket so far (wrapping): tells a watch whether a read found any.
    @exclusivity(unchecked) private(set) var receivedBytes = 0
    /// The writer of the streamed answer being sent (`streaming`), told when the connection closes.
    var streamWriter: HTTPStreamWriter?
    /// The gate of the last request answered inline, for the next request once nothing else
    /// holds it (`nextGate`). Dropped on close: it refers to this connection.
    @exclusivity(unchecked) private var spareGate: ResponseGate?

    init(fd: Int32, transport: any ConnectionTransport, context: ServerContext) {
        self.fd = fd
        self.transport = transport
        self.context = context
        self.parser = HTTPRequestParser(limits: context.configuration.limits, isSecure: transport.isSecure)
        self.watcher = context.makeWatch(fd)
    }

    /// Starts reading. Called once, right after accept.
    func start() { watcher.start(self) }

    /// Called by the watch on the executor once it watches for reads.
    func didStart() { armDeadline() }

    /// Runs `work` on this connection's executor, later.
    func execute(_ work: @escaping @Sendable () -> Void) { watcher.execute(work) }

    // MARK: Events

    /// Reads what is available, then answers every complete request in order.
    func onReadable() {
        if case .streaming = state { return readWhileStreaming() }
        guard state.readsRequests else { return }
        var total = 0
        reading: while true {
            let result = watcher.withReadBuffer { buffer -> TransportResult in
                let result = transport.receive(into: buffer)
                if case .transferred(let n) = result {
                    parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                }
                return result
            }
            switch result {
            case .transferred(let n):
                total += n
                receivedBytes &+= n
                if total >= 256 * 1024 || (n < readBufferSize && !transport.hasBufferedInput) { break reading }
            case .wouldBlock(.readable): break reading
            case .wouldBlock(.writable):
                state.readNeedsWritable()
                return settle()
            case .closed:
                perform(state.peerClosed())
                return settle()
            case .failed:
                perform(state.forceClose())
                return
            }
        }
        processBuffered()
    }

    func onWritable() {
        switch state.writable() {
        case .flush:
            flush()
            processBuffered()
        case .read: onReadable()
        default: break
        }
    }

    /// Answers buffered requests one at a time, in order (RFC 9112 §9.3.2 pipelining), until one
    /// is answered asynchronously, a write blocks, the connection closes, or the buffer holds no
    /// complete request.
    func processBuffered() {
        while state.readsRequests {
            let event: HTTPParserEvent
            do {
                guard let next = try parser.next() else { break }
                event = next
            } catch {
                let parseError = error as? HTTPParseError ?? .badRequest("\(error)")
                perform(state.requestFailed(status: parseError.status), reason: "\(parseError)")
                break
            }
            // Consumed: the request moves out of the event instead of being copied and the event dropped.
            switch consume event {
            case .continueExpected: perform(state.continueExpected())
            case .request(let request): dispatch(request)
            }
        }
        settle()
    }

    private func dispatch(_ request: HTTPRequest) {
        guard state.requestReceived() == .none else { return closeSocket() }
        let gate = nextGate(for: request)
        context.handle(request, gate.respond)
        if let response = gate.handlerDidReturn() {
            complete(response, gate: gate)
            if !state.isClosed { spareGate = gate }
        }
        // Otherwise the state awaits the answer and `settle()` stops reading (backpressure).
    }

    /// A gate for `request`: the spare one when this connection holds the only reference to it
    /// (no handler kept its `respond`), else a new one. A keep-alive connection answering inline
    /// then allocates no gate per request.
    private func nextGate(for request: HTTPRequest) -> ResponseGate {
        guard isKnownUniquelyReferenced(&spareGate), let gate = spareGate else {
            return ResponseGate(connection: self, request: request)
        }
        spareGate = nil
        gate.reuse(for: request)
        return gate
    }

    /// The handler's answer, on the executor.
    func complete(_ response: HTTPResponse, gate: ResponseGate) {
        if let stream = response.stream, !gate.isHead { return startStream(response, stream) }
        let action = state.responseReady(keepAlive: gate.keepAlive, stopping: context.stopping)
        guard case .sendResponse(let persistent) = action else { return }
        let directive: HTTPResponseEncoder.ConnectionDirective = !persistent ? .close : (gate.http10 ? .keepAliveHTTP10 : .persistent)
        // When everything before was sent, the answer takes those bytes' place in one step.
        let replacing = outboundOffset >= outbound.count
        HTTPResponseEncoder.encode(response, headRequest: gate.isHead, connection: directive, date: dateStamp.current(),
                                   replacing: replacing, fieldLines: &fieldLines, into: &outbound)
        if replacing { outboundOffset = 0 }
        flush()
    }

    // MARK: Streamed answers

    /// Sends a streamed answer's head, then hands its stream a writer.
    private func startStream(_ response: HTTPResponse, _ stream: HTTPStream) {
        let action = state.streamReady(stopping: context.stopping)
        guard action == .startStream || action == .sendResponse(persistent: false) else { return }
        if !outbound.isEmpty && outboundOffset >= outbound.count { clearOutbound() }
        HTTPResponseEncoder.encode(response, connection: .close, date: dateStamp.current(), streamed: true,
                                   appendingTo: &outbound)
        flush()
        guard action == .startStream, case .streaming = state else { return }
        let writer = HTTPStreamWriter(connection: self)
        streamWriter = writer
        stream.opened(writer)
    }

    /// Bytes the stream wrote, on the executor. A client whose backlog passes the limit is not
    /// reading: its stream is closed rather than held in memory.
    func streamWrite(_ bytes: [UInt8]) {
        guard case .streaming = state else { return }
        if !outbound.isEmpty && outboundOffset >= outbound.count { clearOutbound() }
        guard outbound.count - outboundOffset + bytes.count <= HTTPStreamWriter.maxBacklog else {
            return perform(state.forceClose())
        }
        outbound.append(contentsOf: bytes)
        perform(state.streamWritten())
        settle()
    }

    func streamFinish() {
        perform(state.streamFinished())
        settle()
    }

    /// While streaming the client has nothing to say: what it sends is dropped, and its end of
    /// stream closes the connection. At most 64 KiB a turn, so a chatty client cannot hold the
    /// executor.
    private func readWhileStreaming() {
        for _ in 0..<16 {
            let result = withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 16) { transport.receive(into: $0) }
            switch result {
            case .transferred: continue
            case .wouldBlock: return settle()
            case .closed:
                perform(state.peerClosed())
                return settle()
            case .failed: return perform(state.forceClose())
            }
        }
        settle()
    }

    /// Called by the server's sweeper on this connection's executor.
    func checkDeadline(now: UInt64) {
        guard deadline != 0, now >= deadline else { return }
        deadlineKind = .none
        deadline = 0
        perform(state.deadlinePassed(phase: parser.phase), reason: "request not received in time")
        settle()
    }

    /// Starts a graceful shutdown of this connection: idle ones close now, busy ones after
    /// the answer in flight.
    func beginDrain() {
        perform(state.shutdownBegan(phase: parser.phase))
        settle()
    }

    /// Closes at once (shutdown's grace period ran out).
    func close() { perform(state.forceClose()) }

    // MARK: Effects

    private func perform(_ action: ConnectionState.Action, reason: String = "") {
        switch action {
        case .none, .sendResponse, .startStream: break  // an answer is sent by `complete`, which has it
        case .sendContinue:
            if !outbound.isEmpty && outboundOffset >= outbound.count { clearOutbound() }
            outbound.append(contentsOf: HTTPResponseEncoder.continueResponse)
            flush()
        case .reject(let status):
            if !outbound.isEmpty && outboundOffset >= outbound.count { clearOutbound() }
            HTTPResponseEncoder.encode(context.errorResponder(status, reason), connection: .close,
                                       date: dateStamp.current(), appendingTo: &outbound)
            flush()
        case .flush: flush()
        case .read: onReadable()
        case .close: closeSocket()
        }
    }

    /// Sends as much as the socket takes; once all of it went, tells the state. A full socket
    /// leaves the state `writing`, which `settle()` watches for writability.
    private func flush() {
        while outboundOffset < outbound.count {
            let result = withOutbound { bytes in
                transport.send(UnsafeRawBufferPointer(rebasing: bytes[outboundOffset...]))
            }
            switch result {
            case .transferred(let n): outboundOffset += n
            case .wouldBlock(.writable): return
            case .wouldBlock(.readable), .closed, .failed:
                // TLS wants to read in the middle of a write only to renegotiate, which is off.
                return perform(state.forceClose())
            }
        }
        if outbound.capacity > Self.keptOutboundCapacity { clearOutbound() }
        perform(state.written())
    }

    /// Runs `body` over the output buffer's bytes, the buffer moved out of `self` meanwhile: read
    /// in place from the property, the array was retained and released around every send (the
    /// compiler cannot tell that `send` leaves it alone).
    @inline(__always)
    private func withOutbound<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        var bytes: [UInt8] = []
        swap(&bytes, &outbound)
        defer { swap(&bytes, &outbound) }
        return bytes.withUnsafeBytes(body)
    }

    /// Empties the output buffer. Up to `keptOutboundCapacity` its memory stays for the next answer
    /// (a typical answer is well under 1 KiB), so a keep-alive connection encodes without
    /// allocating; a larger buffer (a file, a long page) is freed, so idle connections stay small.
    /// Once all was sent (`flush`), a buffer within that capacity keeps its sent bytes
    /// (`outboundOffset == outbound.count`) until the next answer replaces them (`complete`) or
    /// this empties them first (the other writers).
    private func clearOutbound() {
        if outbound.capacity <= Self.keptOutboundCapacity {
            outbound.removeAll(keepingCapacity: true)
        } else {
            outbound = []
        }
        outboundOffset = 0
    }

    static let keptOutboundCapacity = 4 * 1024

    /// Watches the socket for what the state waits for and starts the deadline that fits it.
    private func settle() {
        guard !state.isClosed else { return }
        watcher.watch(state.interest)
        armDeadline()
    }

    /// A running deadline of the same kind is kept, so a head trickled in byte by byte still
    /// times out (slowloris).
    private func armDeadline() {
        let kind = state.deadline(phase: parser.phase)
        guard kind != deadlineKind else { return }
        deadlineKind = kind
        let configuration = context.configuration
        let seconds: Double
        switch kind {
        case .none: deadline = 0; return
        case .idle, .write: seconds = configuration.idleTimeout
        case .head: seconds = configuration.headerReadTimeout
        case .body: seconds = configuration.bodyReadTimeout
        }
        deadline = MonotonicClock.now() &+ seconds.nanoseconds
    }

    /// The descriptor itself is closed once the watch lets go of it (Dispatch requires every
    /// source on it cancelled first).
    private func closeSocket() {
        deadline = 0
        spareGate = nil
        streamWriter?.connectionClosed()
        streamWriter = nil
        watcher.stop { [self] in
            transport.shutdown()
            Platform.close(fd)
        }
        context.registry.remove(self)
    }
}

// MARK: - ResponseGate, a request's way back

/// One request's way back to its connection. A handler may answer synchronously (inside
/// `handle`), which is picked up inline and saves a hop, or later from another thread, which
/// hands the answer to the connection's executor. Later answers are ignored. The gate carries
/// what the connection needs to write the answer, so the handler's `respond` closure captures it
/// alone and costs no allocation of its own.
///
/// Who answers, and whether before `handle` returned, is settled by one atomic counter, not a
/// mutex: three atomic additions per request where two lock/unlock pairs were (~115 user-space
/// instructions a request less, issue 31). `respond` adds `Self.answer` (the first one finds no other) and, answering early,
/// stores the response and then adds `Self.stored`; `handlerDidReturn` adds `Self.returned`.
/// Whichever of the last two comes second knows what the first did: the handler's return picks
/// up a stored answer; an answer stored after it returned goes to the executor as a late one.
// @unchecked: `early` is written by `respond` before it adds `stored` and read by
// `handlerDidReturn` only after its addition saw `stored` (acquire/release), or written back to
// nil by `respond` when `handlerDidReturn` saw no `stored` and so never reads it; the rest
// changes only in `reuse`, while no other thread can reach the gate.
final class ResponseGate: @unchecked Sendable {
    let connection: HTTPConnection
    private(set) var keepAlive: Bool
    private(set) var isHead: Bool
    private(set) var http10: Bool
    private let progress = AtomicInteger()
    /// An answer given before `handle` returned.
    @exclusivity(unchecked) private var early: HTTPResponse?

    /// `progress`'s parts: a count of answers (in `answer`s) and two flags.
    private static let stored = 1, returned = 2, answer = 4

    init(connection: HTTPConnection, request: HTTPRequest) {
        self.connection = connection
        keepAlive = request.keepAlive
        isHead = request.method == "HEAD"
        http10 = request.version == .http1_0
    }

    /// Makes an answered gate new for `request`. Only while its connection holds the one
    /// reference to it: nothing can answer through it meanwhile.
    func reuse(for request: HTTPRequest) {
        keepAlive = request.keepAlive
        isHead = request.method == "HEAD"
        http10 = request.version == .http1_0
        progress.store(0)
        early = nil
    }

    /// The handler's `respond`: stores a synchronous answer, or hands a later one to the
    /// connection's executor.
    func respond(_ response: HTTPResponse) {
        let seen = progress.add(Self.answer)
        guard seen < 2 * Self.answer else { return }  // answered before: ignored
        if seen & Self.returned == 0 {
            early = response
            guard progress.add(Self.stored) & Self.returned != 0 else { return }  // picked up inline
            early = nil  // `handle` returned meanwhile without seeing it: a late answer after all
        }
        connection.execute { [self] in
            connection.complete(response, gate: self)
            connection.processBuffered()
        }
    }

    /// Called once `handle` has returned: the response, if it was given synchronously.
    func handlerDidReturn() -> HTTPResponse? {
        guard progress.add(Self.returned) & Self.stored != 0 else { return nil }
        defer { early = nil }
        return early
    }
}
