import Dispatch
import Primitives

/// A thread-safe database: one writer connection behind a mutex, plus, for a file
/// database in WAL mode, a small pool of read-only connections so reads run in parallel with
/// each other and with the writer.
///
/// Closures run synchronously and return their result. A connection is never used by two
/// threads at once and never escapes its closure; do not keep the `Database` or a `Statement`
/// after the closure returns.
// @unchecked: the writer is touched only while `writerLock` is held; each reader only by the
// thread that borrowed it from the pool.
public final class DatabaseQueue: @unchecked Sendable {
    /// The database path, or `":memory:"`.
    public let path: String
    /// The configuration every connection was set up with.
    public let configuration: DatabaseConfiguration

    let writer: Database
    /// Held while the writer runs a closure; `ConnectionClaims` lets a nested call on the same
    /// thread see that it holds it already.
    let writerLock = Lock()
    /// Nil when reads run on the writer (in-memory database, no WAL, `readerCount` 0).
    let readers: ReaderPool?
    /// Whether WAL mode is in force, so `close()` knows to checkpoint.
    let usesWAL: Bool

    private let stateLock = Lock()
    private var closed = false
    /// The first damage error any connection met (DatabaseQueue+Integrity.swift).
    let damage = Locked<SQLiteError?>(nil)

    /// Opens the database, configures the writer (journal mode, sync level, foreign keys, busy
    /// timeout, then `prepareConnection`) and opens the reader pool.
    public init(path: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws {
        self.path = path
        self.configuration = configuration
        writer = try Database(path: path)
        try writer.setBusyTimeout(configuration.busyTimeout)
        let isFile = !DatabaseQueue.isInMemory(path)
        var mode = ""
        if isFile {
            let requested = configuration.journalMode.rawValue
            // The PRAGMA answers with the mode in force, which may differ (e.g. on a file system
            // without shared memory WAL is refused); trust the answer, not the request.
            mode = try writer.scalar("PRAGMA journal_mode = \(requested)")?.textValue?.lowercased() ?? ""
        }
        usesWAL = mode == "wal"
        try writer.execute("PRAGMA synchronous = \(configuration.synchronous.rawValue)")
        try writer.execute("PRAGMA foreign_keys = \(configuration.foreignKeys ? "ON" : "OFF")")
        try configuration.prepareConnection?(writer)
        if usesWAL && configuration.readerCount > 0 {
            readers = try ReaderPool(path: path, configuration: configuration)
        } else {
            readers = nil
        }
    }

    /// True for paths SQLite opens as a private in-memory or temporary database.
    static func isInMemory(_ path: String) -> Bool {
        path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:")
    }

    /// True once `close()` has started.
    public var isClosed: Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        return closed
    }

    /// Marks the queue closed; false when it already was, so only one `close()` does the work.
    func markClosed() -> Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        if closed { return false }
        closed = true
        return true
    }

    func checkOpen() throws {
        if isClosed { throw SQLiteError.closed("database queue") }
    }

    /// True when the calling thread holds the writer already (inside `write` or a writer read).
    var isOnWriterQueue: Bool { ConnectionClaims.slot(heldFrom: self) == ConnectionClaims.writerSlot }

    /// Runs `body` with the writer connection on the calling thread, once no other thread uses
    /// it, or at once when this thread holds it already: waiting for itself would deadlock.
    func onWriter<T>(_ body: (Database) throws -> T) throws -> T {
        if isOnWriterQueue { return try body(writer) }
        try checkOpen()
        writerLock.lock()
        defer { writerLock.unlock() }
        // close() may have run while this call waited for the lock.
        try checkOpen()
        return try noticingDamage {
            try ConnectionClaims.holding(self, slot: ConnectionClaims.writerSlot) { try body(writer) }
        }
    }
}
