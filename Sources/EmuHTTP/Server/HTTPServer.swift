#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Primitives

/// An HTTP/1.1 server on non-blocking POSIX sockets and Dispatch. It knows nothing of routes:
/// every complete request goes to one `HTTPHandler`.
///
/// ```swift
/// let server = HTTPServer(configuration: config, handler: ClosureHTTPHandler(sync: { _ in
///     HTTPResponse(status: 200, contentType: "text/plain", body: "hi")
/// }))
/// try server.start()
/// print(server.port)
/// ```
// @unchecked: the listener and sources are set once in `start`, then read only on `acceptQueue`.
public final class HTTPServer: @unchecked Sendable {
    let context: ServerContext
    let acceptQueue = DispatchQueue(label: "lcemu.http.accept")
    private var listener: ListeningSocket?
    var acceptSource: DispatchSourceRead?
    var sweeper: DispatchSourceTimer?
    let state = Locked<(started: Bool, stopped: Bool)>((false, false))

    /// - Parameter errorResponder: builds the body of responses the server sends by itself
    ///   (400, 408, 413, 414, 431, 501, 503, 505), so the API above can keep its error format.
    public init(configuration: HTTPServerConfiguration, handler: HTTPHandler,
                errorResponder: @escaping @Sendable (Int, String) -> HTTPResponse = HTTPServer.plainTextError) {
        context = ServerContext(configuration: configuration, handler: handler, errorResponder: errorResponder)
    }

    /// The bound port, valid after `start()`.
    public var port: Int { listener?.port ?? 0 }

    /// Number of open connections.
    public var connectionCount: Int { context.registry.count }

    /// Binds, listens and starts accepting. Throws `SocketError` when the address is unusable.
    public func start() throws {
        SocketOptions.raiseDescriptorLimit()
        #if canImport(Glibc)
        signal(SIGPIPE, SIG_IGN)  // belt and braces beside MSG_NOSIGNAL
        #endif
        let configuration = context.configuration
        let socket = try ListeningSocket.bind(host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        listener = socket
        let source = DispatchSource.makeReadSource(fileDescriptor: socket.fd, queue: acceptQueue)
        source.setEventHandler { [unowned self] in acceptPending(socket.fd) }
        source.setCancelHandler { Platform.close(socket.fd) }
        acceptSource = source
        state.withValue { $0.started = true }
        source.resume()
        startSweeper()
    }

    /// Graceful shutdown: stop accepting, close idle connections, let requests in flight finish
    /// (each answered with `Connection: close`) for at most `gracePeriod` seconds, then close
    /// whatever is left. Blocks until done; returns true when nothing had to be cut off.
    @discardableResult
    public func shutdown(gracePeriod: Double? = nil) -> Bool {
        let shouldStop = state.withValue { state -> Bool in
            guard state.started, !state.stopped else { return false }
            state.stopped = true
            return true
        }
        guard shouldStop else { return true }
        acceptQueue.sync {
            acceptSource?.cancel()
            sweeper?.cancel()
        }
        context.beginStopping()
        let connections = context.registry.snapshot()
        for connection in connections {
            connection.execute { connection.beginDrain() }
        }
        let grace = gracePeriod ?? context.configuration.shutdownGracePeriod
        let clean = context.registry.waitUntilEmpty(timeout: grace)
        if !clean {
            for connection in context.registry.snapshot() {
                connection.watcher.executeAndWait { connection.close() }
            }
        }
        return clean
    }

    private func startSweeper() {
        let interval = context.configuration.sweepInterval
        let timer = DispatchSource.makeTimerSource(queue: acceptQueue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(5))
        timer.setEventHandler { [context] in
            let now = MonotonicClock.now()
            for connection in context.registry.snapshot() {
                connection.execute { connection.checkDeadline(now: now) }
            }
        }
        sweeper = timer
        timer.resume()
    }

    /// Plain-text bodies for server-generated errors, when no responder is given.
    public static let plainTextError: @Sendable (Int, String) -> HTTPResponse = { status, _ in
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: HTTPStatus.reasonPhrase(status) + "\n")
    }
}

// MARK: - Accepting connections

extension HTTPServer {
    /// Accepts every pending connection (the listener is level-triggered).
    func acceptPending(_ listenFD: Int32) {
        while true {
            let fd = accept(listenFD, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                if errno == EMFILE || errno == ENFILE { pauseAccepting() }
                return
            }
            SocketOptions.setCloseOnExec(fd)
            if context.registry.count >= context.configuration.maxConnections {
                refuse(fd)
                continue
            }
            guard (try? SocketOptions.setNonBlocking(fd)) != nil else {
                Platform.close(fd)
                continue
            }
            SocketOptions.setNoDelay(fd)
            Platform.disableSigpipe(fd)
            let transport: any ConnectionTransport
            do {
                transport = try context.configuration.transportFactory?.makeTransport(for: fd) ?? SocketTransport(fd: fd)
            } catch {
                Platform.close(fd)
                continue
            }
            let connection = HTTPConnection(fd: fd, transport: transport, context: context)
            context.registry.add(connection)
            connection.start()
        }
    }

    /// Over the connection limit: a best-effort 503, then close.
    private func refuse(_ fd: Int32) {
        let bytes = HTTPResponseEncoder.encode(context.errorResponder(503, "too many connections"), connection: .close)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Platform.sendFlags) }
        Platform.close(fd)
    }

    /// Out of descriptors: the level-triggered listener would spin, so stop it for a moment.
    private func pauseAccepting() {
        guard let source = acceptSource else { return }
        source.suspend()
        // Dispatch sources are thread-safe; Linux's Dispatch overlay just does not say Sendable.
        nonisolated(unsafe) let paused = source
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { paused.resume() }
    }
}
