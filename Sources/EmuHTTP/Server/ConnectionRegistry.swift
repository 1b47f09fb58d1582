import Dispatch
import Primitives

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
