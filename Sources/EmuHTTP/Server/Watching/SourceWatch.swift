import Dispatch
import Primitives

/// Watches a socket with Dispatch sources: a read source made at start, a write source made the
/// first time a send would block; each suspended while the connection watches something else.
/// A quick client's next requests are read by the handler itself (`QuickClientPoll`); on a busy
/// server a turn's end looks at the socket again after the queued work instead of re-arming the
/// source (`ReadRequeue`); a look that found nothing waits in the server's `LookPark` for the
/// client's answer. Runs on every platform (`HTTPEventModel.dispatchSources`).
// @unchecked: every mutable property is touched on `queue` only, the connection's serial queue.
final class SourceWatch: SocketWatch, ParkedLook, @unchecked Sendable {
    private let fd: Int32
    private let queue: DispatchQueue
    /// The queue `queue` targets: a requeued look passes through it, behind the work queued there.
    private let target: DispatchQueue
    private var readSource: DispatchSourceRead?
    private var writeSource: DispatchSourceWrite?
    private var readSuspended = false
    private var writeSuspended = true
    /// What the connection last asked to watch: a poll goes on only while it reads.
    private var interest = SocketInterest.read
    private var poll = QuickClientPoll()
    private var requeue = ReadRequeue()
    /// A read event's handler or a requeued look is running: its end decides how the next read
    /// is waited for, so `watch(.read)` leaves the source alone meanwhile.
    private var inTurn = false
    /// A look is requeued or parked: the read source stays suspended until it has run.
    private var lookPending = false
    private let park: LookPark
    private var stopped = false
    /// The server's count of busy connections, and whether this one is in it (from its read event
    /// until its read source is resumed or it stops).
    private let busy: AtomicInteger
    private var countedBusy = false
    /// Sources made and not yet cancelled: the descriptor is closed only when none is left, as
    /// Dispatch requires.
    private var liveSources = 0
    private var release: (() -> Void)?
    private weak var connection: HTTPConnection?
    /// A look on `queue`, and the hop through `target` that queues it (`queueLook`): blocks made
    /// once, since `async` of a Swift closure makes a block each time (two allocations per
    /// requeued look). They hold the watch unretained: whoever queues one retains it first, and
    /// the look releases it (`retainForLook`). Set in `init`, never changed.
    private var lookBlock: (@Sendable @convention(block) () -> Void)!
    private var hopBlock: (@Sendable @convention(block) () -> Void)!

    /// - Parameters:
    ///   - target: the concurrent queue every connection queue targets, which bounds their
    ///     threads (`ServerContext.workQueue`).
    ///   - busy: the server's count of busy connections (`ServerContext.busyConnections`).
    ///   - park: where looks that found nothing wait (`ServerContext.parkedLooks`).
    init(fd: Int32, target: DispatchQueue, busy: AtomicInteger, park: LookPark) {
        self.fd = fd
        self.target = target
        self.busy = busy
        self.park = park
        queue = DispatchQueue(label: "lcemu.http.connection", target: target)
        let unretained = Unmanaged.passUnretained(self)
        let look: @Sendable @convention(block) () -> Void = { unretained.takeRetainedValue().look() }
        lookBlock = look
        hopBlock = { [queue] in queue.async(execute: look) }
    }

    func start(_ connection: HTTPConnection) {
        queue.async { [self] in
            self.connection = connection
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [unowned self, unowned connection] in readable(connection) }
            source.setCancelHandler { [self] in sourceCancelled() }
            liveSources += 1
            readSource = source
            source.resume()
            connection.didStart()
        }
    }

    private func readable(_ connection: HTTPConnection) {
        enterBusy()
        inTurn = true
        poll.serve(fd: fd, stillReading: { interest == .read }, read: connection.onReadable)
        inTurn = false
        endTurn()
    }

    /// A turn ended: a connection still reading either requeues a look or re-arms its source.
    private func endTurn() {
        guard interest == .read, !stopped else { return }
        park.sweepIfDue()
        if requeue.requeues(busy: busy.load()) {
            suspendReading()  // inside the handler: Dispatch then does not re-arm the source
            queueLook()
        } else {
            resumeReading()
        }
    }

    /// Queues a look behind the work queued now: one hop through the shared queue, then one on
    /// the connection's (a single `async` on `queue` would run at once, in the same drain).
    private func queueLook() {
        lookPending = true
        retainForLook()
        target.async(execute: hopBlock)
    }

    /// Keeps the watch alive until the look queued next has run: `lookBlock` releases it.
    private func retainForLook() { _ = Unmanaged.passRetained(self) }

    /// The requeued look, on `queue`: reads what came meanwhile, or resumes the read source.
    private func look() {
        guard lookPending else { return }
        lookPending = false
        guard !stopped, let connection, interest == .read else { return }
        let before = connection.receivedBytes
        inTurn = true
        connection.onReadable()
        inTurn = false
        if stopped { return }
        if connection.receivedBytes != before {
            requeue.lookFound()
            endTurn()
        } else if requeue.lookFoundNothing(busy: busy.load()) {
            lookPending = true  // the client had not answered yet: look again when it has
            park.park(self, fd: fd)
        } else if interest == .read {
            resumeReading()
        }
    }

    /// Called by `park`'s sweep, from any thread: the socket has bytes, or waited long enough.
    func lookFromPark() {
        retainForLook()
        queue.async(execute: lookBlock)
    }

    func watch(_ interest: SocketInterest) {
        self.interest = interest
        // Suspend first, then resume: the two handlers never both run for one readiness.
        if interest != .read { suspendReading() }
        if interest != .write { suspendWriting() }
        if interest == .read, !inTurn, !lookPending { resumeReading() }
        if interest == .write { resumeWriting() }
    }

    func stop(release: @escaping () -> Void) {
        interest = .none  // ends a poll: the descriptor may be closed and its number reused
        stopped = true
        leaveBusy()
        if lookPending { park.remove(self) }  // if parked: before the descriptor may close
        self.release = release
        if let source = readSource {
            source.cancel()
            if readSuspended { readSuspended = false; source.resume() }
        }
        if let source = writeSource {
            source.cancel()
            if writeSuspended { writeSuspended = false; source.resume() }
        }
        if liveSources == 0 { releaseDescriptor() }
    }

    func execute(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }

    /// This thread's buffer: a connection receives on its queue, one receive at a time.
    func withReadBuffer(_ body: (UnsafeMutableRawBufferPointer) -> TransportResult) -> TransportResult {
        ThreadReadBuffer.lend(body)
    }

    private func enterBusy() {
        guard !countedBusy else { return }
        countedBusy = true
        _ = busy.add(1)
    }

    private func leaveBusy() {
        guard countedBusy else { return }
        countedBusy = false
        _ = busy.add(-1)
    }

    private func resumeReading() {
        leaveBusy()
        guard readSuspended, let readSource else { return }
        readSuspended = false
        readSource.resume()
    }

    private func suspendReading() {
        guard !readSuspended, let source = readSource else { return }
        readSuspended = true
        source.suspend()
    }

    private func suspendWriting() {
        guard !writeSuspended, let source = writeSource else { return }
        writeSuspended = true
        source.suspend()
    }

    private func resumeWriting() {
        if writeSource == nil, let connection {
            let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [unowned connection] in connection.onWritable() }
            source.setCancelHandler { [self] in sourceCancelled() }
            liveSources += 1
            writeSource = source
        }
        if writeSuspended, let source = writeSource {
            writeSuspended = false
            source.resume()
        }
    }

    private func sourceCancelled() {
        liveSources -= 1
        if liveSources == 0 { releaseDescriptor() }
    }

    private func releaseDescriptor() {
        // Dropping the sources breaks the source -> handler -> connection cycles.
        readSource = nil
        writeSource = nil
        let release = self.release
        self.release = nil
        release?()
    }
}
