import Dispatch
import Primitives

/// A fixed set of read-only connections, each lent to one caller at a time.
///
/// A borrower runs on its own thread; `ConnectionClaims` records which connection it holds,
/// so a nested `read` finds that connection instead of waiting for a second one, which could
/// deadlock once every connection is held by an outer read.
// @unchecked: `free` is guarded by `lock`; each reader connection is used only by the thread
// that took its index from `free`.
final class ReaderPool: @unchecked Sendable {
    private let readers: [Database]
    /// Counts free readers; a borrower waits on it before taking one from `free`.
    private let available: DispatchSemaphore
    private let lock = Lock()
    /// Under `lock`, which also makes the runtime's exclusivity check redundant (two per read).
    @exclusivity(unchecked) private var free: [Int]
    @exclusivity(unchecked) private var closed = false

    /// Opens `configuration.readerCount` read-only connections to `path` and prepares each.
    init(path: String, configuration: DatabaseConfiguration) throws {
        var readers: [Database] = []
        for _ in 0..<configuration.readerCount {
            let database = try Database(path: path, readOnly: true)
            try database.setBusyTimeout(configuration.busyTimeout)
            try configuration.prepareConnection?(database)
            readers.append(database)
        }
        self.readers = readers
        free = Array(readers.indices)
        available = DispatchSemaphore(value: readers.count)
    }

    /// True when the caller runs inside one of this pool's reads.
    var isOnReaderQueue: Bool { ConnectionClaims.slot(heldFrom: self) != nil }

    /// Lends a connection to `body`, waiting for one to be free. Throws once the pool is closed.
    func withReader<T>(_ body: (Database) throws -> T) throws -> T {
        if let index = ConnectionClaims.slot(heldFrom: self) {
            return try body(readers[index])
        }
        available.wait()
        lock.lock()
        guard !closed, let index = free.popLast() else {
            lock.unlock()
            available.signal()
            throw SQLiteError.closed("database queue")
        }
        lock.unlock()
        defer {
            lock.lock()
            free.append(index)
            lock.unlock()
            available.signal()
        }
        return try ConnectionClaims.holding(self, slot: index) { try body(readers[index]) }
    }

    /// Waits for every borrowed connection to come back, then closes them all. Borrowers that
    /// arrive later get the "closed" error.
    func close() {
        lock.lock()
        closed = true
        lock.unlock()
        // Taking every permit means no read is running; giving them back releases anyone who
        // was waiting, and they see `closed`.
        for _ in readers { available.wait() }
        for reader in readers { try? reader.close() }
        for _ in readers { available.signal() }
    }
}
