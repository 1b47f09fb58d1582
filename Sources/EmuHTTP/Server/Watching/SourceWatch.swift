import Dispatch

/// Watches a socket with Dispatch sources: a read source made at start, a write source made the
/// first time a send would block; each suspended while the connection watches something else.
/// A quick client's next requests are read by the handler itself (`QuickClientPoll`). Runs on
/// every platform (`HTTPEventModel.dispatchSources`).
// @unchecked: every mutable property is touched on `queue` only, the connection's serial queue.
final class SourceWatch: SocketWatch, @unchecked Sendable {
    private let fd: Int32
    private let queue: DispatchQueue
    private var readSource: DispatchSourceRead?
    private var writeSource: DispatchSourceWrite?
    private var readSuspended = false
    private var writeSuspended = true
    /// What the connection last asked to watch: a poll goes on only while it reads.
    private var interest = SocketInterest.read
    private var poll = QuickClientPoll()
    /// Sources made and not yet cancelled: the descriptor is closed only when none is left, as
    /// Dispatch requires.
    private var liveSources = 0
    private var release: (() -> Void)?
    private weak var connection: HTTPConnection?

    /// - Parameter target: the concurrent queue every connection queue targets, which bounds
    ///   their threads (`ServerContext.workQueue`).
    init(fd: Int32, target: DispatchQueue) {
        self.fd = fd
        queue = DispatchQueue(label: "lcemu.http.connection", target: target)
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
        poll.serve(fd: fd, stillReading: { interest == .read }, read: connection.onReadable)
    }

    func watch(_ interest: SocketInterest) {
        self.interest = interest
        // Suspend first, then resume: the two handlers never both run for one readiness.
        if interest != .read { suspendReading() }
        if interest != .write { suspendWriting() }
        if interest == .read, readSuspended, let readSource {
            readSuspended = false
            readSource.resume()
        }
        if interest == .write { resumeWriting() }
    }

    func stop(release: @escaping () -> Void) {
        interest = .none  // ends a poll: the descriptor may be closed and its number reused
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
