import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client connection. All its state lives on its own serial queue, driven by a Dispatch read
/// source (and a write source only while a send would block): no thread waits on an idle client.
final class HTTPConnection: @unchecked Sendable {
    let fd: Int32
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
    var closed = false
    var draining = false
    var servedRequests = 0
    var deadline: UInt64 = 0
    var deadlineKind: DeadlineKind = .none
    let gateLock = Lock()

    enum DeadlineKind { case none, idle, head, body, write }

    init(fd: Int32, context: ServerContext) {
        self.fd = fd
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
    private func onReadable() {
        guard !closed else { return }
        var total = 0
        while true {
            let n = withUnsafeTemporaryAllocation(byteCount: 16 * 1024, alignment: 16) { buffer -> Int in
                let n = recv(fd, buffer.baseAddress, buffer.count, 0)
                if n > 0 { parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) }
                return n
            }
            if n > 0 {
                total += n
                if n < 16 * 1024 || total >= 256 * 1024 { break }
                continue
            }
            if n == 0 { return peerClosed() }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { break }
            return close()
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
