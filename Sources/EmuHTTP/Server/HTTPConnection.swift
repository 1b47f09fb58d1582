import Dispatch
import Primitives

/// One client connection. All its state lives on its own serial queue, driven by a Dispatch read
/// source (and a write source only while a send would block): no thread waits on an idle client.
// @unchecked: its mutable state is touched only on `queue`, its own serial queue.
final class HTTPConnection: @unchecked Sendable {
    let fd: Int32
    let transport: any ConnectionTransport
    let queue: DispatchQueue
    let context: ServerContext
    var parser: HTTPRequestParser
    var readSource: DispatchSourceRead?
    var writeSource: DispatchSourceWrite?
    var readSuspended = false
    var writeSuspended = true
    var liveSources = 0
    var outbound: [UInt8] = []
    var outboundOffset = 0
    /// A request was handed to the handler and its response has not been written yet.
    var awaitingResponse = false
    var closeAfterFlush = false
    /// A TLS read had to write first (handshake) and the socket was full: read again once writable.
    var readWaitsForWritable = false
    var closed = false
    var draining = false
    var servedRequests = 0
    var deadline: UInt64 = 0
    var deadlineKind: DeadlineKind = .none
    let gateLock = Lock()

    enum DeadlineKind { case none, idle, head, body, write }

    init(fd: Int32, transport: any ConnectionTransport, context: ServerContext) {
        self.fd = fd
        self.transport = transport
        self.context = context
        self.parser = HTTPRequestParser(limits: context.configuration.limits)
        self.queue = DispatchQueue(label: "lcemu.http.connection", target: context.workQueue)
    }

    /// Starts reading. Called once, right after accept.
    func start() {
        queue.async { [self] in
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [unowned self] in onReadable() }
            source.setCancelHandler { [self] in sourceCancelled() }
            liveSources += 1
            readSource = source
            updateDeadline()
            source.resume()
        }
    }

    /// Reads what is available, then answers every complete request in order.
    func onReadable() {
        guard !closed else { return }
        var total = 0
        reading: while true {
            let result = withUnsafeTemporaryAllocation(byteCount: 16 * 1024, alignment: 16) { buffer -> TransportResult in
                let result = transport.receive(into: buffer)
                if case .transferred(let n) = result {
                    parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                }
                return result
            }
            switch result {
            case .transferred(let n):
                total += n
                if total >= 256 * 1024 || (n < 16 * 1024 && !transport.hasBufferedInput) { break reading }
            case .wouldBlock(.readable): break reading
            case .wouldBlock(.writable):
                readWaitsForWritable = true
                return waitForWritable()
            case .closed: return peerClosed()
            case .failed: return close()
            }
        }
        processBuffered()
    }

    /// The peer finished sending. An answer still owed is written, then the connection closes.
    private func peerClosed() {
        if awaitingResponse || outboundOffset < outbound.count {
            closeAfterFlush = true
            suspendReading()  // EOF stays readable: without this the source would spin
        } else {
            close()
        }
    }
}
