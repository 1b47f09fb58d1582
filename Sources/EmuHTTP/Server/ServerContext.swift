import Dispatch
import Primitives

/// What every connection of one server shares. Immutable after start, except the registry.
// @unchecked: immutable after init except `registry` (locked) and `stopping` (atomic); Dispatch queues are thread-safe.
final class ServerContext: @unchecked Sendable {
    let configuration: HTTPServerConfiguration
    /// The handler's `handle`, as a closure made once: calling the handler through an existential
    /// property copied the existential (an outlined copy and destroy, ~54 instructions a request,
    /// issue 31); the closure's captured handler is borrowed in place.
    let handle: @Sendable (HTTPRequest, @escaping @Sendable (HTTPResponse) -> Void) -> Void
    let errorResponder: @Sendable (Int, String) -> HTTPResponse
    let registry = ConnectionRegistry()
    /// The one concurrent queue every connection queue targets (`HTTPEventModel.dispatchSources`).
    /// Serial queues without an explicit target each get a thread when busy: hundreds under load.
    let workQueue: DispatchQueue
    /// Connections between a read event and waiting for the next (Dispatch sources only): while
    /// others are busy, a connection's turn requeues a look at its socket (`ReadRequeue`).
    let busyConnections = AtomicInteger()
    /// Connections whose requeued look found nothing, looked at again together (`LookPark`).
    let parkedLooks: LookPark
    /// Set when shutdown begins, before any connection drains: a response completed in between
    /// (its connection's drain still queued) must already say `Connection: close`. Every answer
    /// reads it: an atomic, not a lock the event loops share.
    private let stopFlag = AtomicInteger()
    var stopping: Bool { stopFlag.load() != 0 }
    func beginStopping() { stopFlag.store(1) }

    init(configuration: HTTPServerConfiguration, handler: HTTPHandler,
         errorResponder: @escaping @Sendable (Int, String) -> HTTPResponse) {
        self.configuration = configuration
        self.handle = { [handler] request, respond in handler.handle(request, respond: respond) }
        self.errorResponder = errorResponder
        let workQueue = DispatchQueue(label: "lcemu.http.work", attributes: .concurrent)
        self.workQueue = workQueue
        parkedLooks = LookPark(queue: workQueue)
    }

    /// How a new connection's socket is watched, as configured.
    func makeWatch(_ fd: Int32) -> any SocketWatch {
        #if os(Linux)
        if configuration.eventModel == .eventLoops { return EpollWatch(fd: fd) }
        #endif
        return SourceWatch(fd: fd, target: workQueue, busy: busyConnections, park: parkedLooks)
    }
}

// MARK: - ConnectionRegistry, the live connections

/// The live connections, for the connection limit, deadline sweeps and graceful shutdown.
// @unchecked: every mutable property is read and written under `lock`.
final class ConnectionRegistry: @unchecked Sendable {
    private let lock = Lock()
    private var connections: [ObjectIdentifier: HTTPConnection] = [:]
    private var emptied: DispatchSemaphore?

    var count: Int { lock.withLock { connections.count } }

    func add(_ connection: HTTPConnection) {
        lock.withLock { connections[ObjectIdentifier(connection)] = connection }
    }

    func remove(_ connection: HTTPConnection) {
        let signal: DispatchSemaphore? = lock.withLock {
            connections[ObjectIdentifier(connection)] = nil
            return connections.isEmpty ? emptied : nil
        }
        signal?.signal()
    }

    func snapshot() -> [HTTPConnection] { lock.withLock { Array(connections.values) } }

    /// Waits until no connection is left or the timeout passes; true when empty.
    func waitUntilEmpty(timeout: Double) -> Bool {
        let semaphore: DispatchSemaphore? = lock.withLock {
            if connections.isEmpty { return nil }
            let s = DispatchSemaphore(value: 0)
            emptied = s
            return s
        }
        guard let semaphore else { return true }
        return semaphore.wait(timeout: .now() + timeout) == .success
    }
}
