import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
