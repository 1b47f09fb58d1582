import Dispatch

extension HTTPServer {
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
        context.stopping.withValue { $0 = true }
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
}
