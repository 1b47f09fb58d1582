import CSQLite
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
    /// With readers: the writer's idle read transaction that spares their WAL locks a system call.
    let pin: ReadMarkPin?

    /// 1 once `close()` has started; read by every read and write, hence an atomic.
    private let closed = AtomicInteger()
    /// The first damage error any connection met (`damageSeen`, below).
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
            pin = ReadMarkPin(writer: writer)
        } else {
            readers = nil
            pin = nil
        }
        pin?.hold()
    }

    /// True for paths SQLite opens as a private in-memory or temporary database.
    static func isInMemory(_ path: String) -> Bool {
        path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:")
    }

    /// True once `close()` has started.
    public var isClosed: Bool { closed.load() != 0 }

    /// Marks the queue closed; false when it already was, so only one `close()` does the work.
    func markClosed() -> Bool { closed.increment(below: 1) }

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
        // The writer works from the newest snapshot, and a write may rewind the log only when
        // no reader holds a mark: the pin is let go first and taken again once it is done.
        pin?.release()
        defer { pin?.hold() }
        return try noticingDamage {
            try ConnectionClaims.holding(self, slot: ConnectionClaims.writerSlot) { try body(writer) }
        }
    }
}

// MARK: - Reading, writing, closing

extension DatabaseQueue {
    /// Runs `body` on the writer inside `BEGIN IMMEDIATE … COMMIT` and returns its result; a
    /// thrown error rolls back and is rethrown. IMMEDIATE takes the write lock up front, so the
    /// transaction cannot fail halfway for lack of it.
    ///
    /// Called from inside another `write` (or `writeWithoutTransaction`) of the same queue, it
    /// runs inline in a SAVEPOINT instead of deadlocking: its failure undoes only its own work.
    @discardableResult
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try onWriter { db in
            try db.transaction(kind: .immediate, body)
        }
    }

    /// Runs `body` on the writer with no implicit transaction: for statements that cannot run
    /// in one (`VACUUM`, some PRAGMAs) or for callers managing transactions themselves.
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try onWriter(body)
    }

    /// Runs `body` with a read-only view of the database and returns its result.
    ///
    /// For a file database in WAL mode it uses a pooled read-only connection inside a deferred
    /// transaction, so every query in `body` sees the same snapshot, while the writer and other
    /// readers carry on. Otherwise, and when called from inside `write`, it runs on the writer
    /// (so it sees the enclosing transaction's changes) refusing statements that write, which
    /// then fail there as they would on a reader (SQLITE_READONLY).
    @discardableResult
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try read(body, idempotent: false)
    }

    /// `read`, for a body that may run twice and does nothing but read and compute its result:
    /// on a pooled connection it runs without `BEGIN` and `COMMIT` for as long as it runs one
    /// statement, whose own implicit transaction is the snapshot (`IdempotentRead`). A second
    /// statement makes the snapshot explicit while it still holds, or, once it has ended,
    /// the body runs again inside a transaction. Either way every statement of the run whose
    /// result is returned sees one snapshot, as in `read`.
    @discardableResult
    public func readIdempotent<T>(_ body: (Database) throws -> T) throws -> T {
        try read(body, idempotent: true)
    }

    /// Both reads: on a pooled reader, in a transaction or as `IdempotentRead`; on the writer,
    /// refusing writes.
    private func read<T>(_ body: (Database) throws -> T, idempotent: Bool) throws -> T {
        if let readers, !isOnWriterQueue {
            try checkOpen()
            return try noticingDamage {
                try readers.withReader { db in
                    // A nested read reuses the outer one's connection and snapshot.
                    if db.isInTransaction || db.isInIdempotentRead { return try body(db) }
                    return idempotent ? try db.readIdempotent(body) : try db.transaction(kind: .deferred, body)
                }
            }
        }
        return try onWriter { db in
            if db.refusesWrites { return try body(db) }  // a nested read
            db.refusesWrites = true
            defer { db.refusesWrites = false }
            return try body(db)
        }
    }

    /// Closes the queue: waits for running reads and writes, closes the readers, checkpoints
    /// the WAL into the main file (`wal_checkpoint(TRUNCATE)`, leaving an empty WAL) and closes
    /// the writer. Later calls throw. Closing twice is harmless.
    ///
    /// Calling it from inside `read` or `write` is a misuse and throws: it would wait for itself.
    public func close() throws {
        if isOnWriterQueue || readers?.isOnReaderQueue == true {
            throw SQLiteError.misuse("DatabaseQueue.close() called from inside read or write")
        }
        if !markClosed() { return }
        readers?.close()
        writerLock.lock()
        defer { writerLock.unlock() }
        pin?.close()
        if usesWAL, writer.isOpen {
            // Best effort and without waiting: if another connection (an `lcemu import`, say)
            // holds the database, the next open checkpoints instead; shutdown stays fast.
            try? writer.setBusyTimeout(0)
            try? writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try writer.close()
    }
}

// MARK: - Damage

/// A damaged file (pages or header overwritten) is found two ways: `quickCheck()` before use,
/// and any statement that meets a damaged page later, which the queue remembers so that a
/// health check can report it (a damaged database answers some queries and fails others).
extension DatabaseQueue {
    /// The first `SQLITE_CORRUPT` or `SQLITE_NOTADB` error met by any connection of this queue,
    /// nil while none was.
    public var damageSeen: SQLiteError? { damage.current }

    /// `PRAGMA quick_check`: every page and b-tree of the file read and checked, without
    /// comparing indexes to their tables (`integrity_check` does that, at several times the
    /// cost). Returns SQLite's problems, one a line, empty when the file is sound; a file too damaged
    /// to check throws its damage error. Both are remembered as `damageSeen`.
    public func quickCheck() throws -> [String] {
        let rows = try writeWithoutTransaction { db in
            try db.query("PRAGMA quick_check").compactMap { $0.first?.textValue }
        }
        // One row may hold several lines, under a `*** in database main ***` heading.
        let lines = rows.flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("***") }
        let problems = lines == ["ok"] ? [] : lines
        if let first = problems.first {
            damage.withValue { $0 = $0 ?? SQLiteError(extendedCode: SQLITE_CORRUPT, message: "quick_check: \(first)") }
        }
        return problems
    }

    /// Runs `body`, remembering a damage error it throws before passing it on.
    func noticingDamage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.isDamage {
            damage.withValue { $0 = $0 ?? error }
            throw error
        }
    }
}
