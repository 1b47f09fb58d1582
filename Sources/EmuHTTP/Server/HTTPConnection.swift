import Dispatch
import Primitives

/// One client connection. All its state lives on its executor, which its `SocketWatch` gives:
/// its own serial queue driven by Dispatch sources, or its event loop's thread. No thread waits
/// on an idle client.
// @unchecked: its mutable state is touched only on its executor (see `SocketWatch`).
final class HTTPConnection: @unchecked Sendable {
    let fd: Int32
    let transport: any ConnectionTransport
    let watcher: any SocketWatch
    let context: ServerContext
    var parser: HTTPRequestParser
    /// What the socket is watched for now.
    var interest = SocketInterest.none
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
    var dateStamp = HTTPDateStamp()

    enum DeadlineKind { case none, idle, head, body, write }

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
    func didStart() {
        interest = .read
        updateDeadline()
    }

    /// Runs `work` on this connection's executor, later.
    func execute(_ work: @escaping @Sendable () -> Void) { watcher.execute(work) }

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
            suspendReading()  // EOF stays readable: without this the watch would spin
        } else {
            close()
        }
    }
}
