import Dispatch
import Primitives

/// A fixed set of read-only connections, each lent to one caller at a time.
///
/// Each connection has its own serial queue. A borrower runs on that queue (`sync` runs the
/// block on the calling thread, so this costs no thread hop); the queue's specific value then
/// lets a nested `read` find the connection it already holds instead of waiting for a second
/// one, which could deadlock once every connection is held by an outer read.
// @unchecked: `free` is guarded by `lock`; each reader connection is used only on its own queue.
final class ReaderPool: @unchecked Sendable {
    private struct Reader {
        let database: Database
        let queue: DispatchQueue
    }

    private let readers: [Reader]
    /// The index of the reader whose queue the current code runs on.
    private let readerKey = DispatchSpecificKey<Int>()
    /// Counts free readers; a borrower waits on it before taking one from `free`.
    private let available: DispatchSemaphore
    private let lock = Lock()
    private var free: [Int]
    private var closed = false

    /// Opens `configuration.readerCount` read-only connections to `path` and prepares each.
    init(path: String, configuration: DatabaseConfiguration) throws {
        var readers: [Reader] = []
        for index in 0..<configuration.readerCount {
            let database = try Database(path: path, readOnly: true)
            try database.setBusyTimeout(configuration.busyTimeout)
            try configuration.prepareConnection?(database)
            let queue = DispatchQueue(label: "EmuSQLite.reader.\(index)")
            queue.setSpecific(key: readerKey, value: index)
            readers.append(Reader(database: database, queue: queue))
        }
        self.readers = readers
        free = Array(readers.indices)
        available = DispatchSemaphore(value: readers.count)
    }

    /// True when the caller runs inside one of this pool's reads.
    var isOnReaderQueue: Bool { DispatchQueue.getSpecific(key: readerKey) != nil }

    /// Lends a connection to `body`, waiting for one to be free. Throws once the pool is closed.
    func withReader<T>(_ body: (Database) throws -> T) throws -> T {
        if let index = DispatchQueue.getSpecific(key: readerKey) {
            return try body(readers[index].database)
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
        let reader = readers[index]
        return try reader.queue.sync { try body(reader.database) }
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
        for reader in readers { try? reader.database.close() }
        for _ in readers { available.signal() }
    }
}
