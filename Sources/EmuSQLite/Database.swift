import CSQLite

/// One SQLite connection.
///
/// Not thread-safe by itself: the connection is opened in SQLite's multi-thread mode (no
/// per-connection mutex), so every use of a `Database` and of its statements must be serialised
/// by the owner. `DatabaseQueue` does that; use a bare `Database` only from one thread at a time.
/// Serialised so, its state needs no runtime exclusivity check (`@exclusivity(unchecked)`: each
/// cost a call per statement looked up, issue 31); no access to it is nested in another.
public final class Database {
    /// The path this connection was opened with (`":memory:"` for an in-memory database).
    public let path: String
    /// True when the connection was opened read-only.
    public let isReadOnly: Bool

    /// The connection handle; nil once closed.
    @exclusivity(unchecked) private(set) var handle: OpaquePointer?
    /// Prepared statements by SQL text, reused by `cachedStatement(_:)`.
    @exclusivity(unchecked) var statementCache = StatementCache()
    /// How many savepoints `transaction` has opened and not yet released; names them uniquely.
    @exclusivity(unchecked) var savepointDepth = 0
    /// What its statements check before each step, in an object of its own they hold strongly.
    let status = ConnectionStatus()
    /// Values derived from the database while it provably did not change; a private in-memory
    /// database's writer only (`ConnectionMemo`).
    let memo: ConnectionMemo?
    /// What a registered function threw, until `Statement.step` hands it on in its error.
    var functionFailure: FunctionFailure { status.functionFailure }
    /// Set while a read runs on a connection that can write (the in-memory writer): statements
    /// that would write then fail with SQLITE_READONLY, as on a read-only connection. Checked
    /// per statement rather than through `PRAGMA query_only`, whose every change expires all
    /// prepared statements (each cached one was parsed again on every read).
    var refusesWrites: Bool {
        get { status.refusesWrites }
        set { status.refusesWrites = newValue }
    }

    /// Bounds the cache so that SQL built at run time (say, `IN (?, ?, …)` lists of varying
    /// length) cannot grow it without limit.
    static let statementCacheLimit = 256

    /// Library-wide settings, made once before the first connection opens (SQLite takes them
    /// only before it initialises): no memory statistics, whose one mutex every allocation takes.
    private static let configureLibrary: Void = { _ = lcemu_sqlite3_disable_memory_statistics() }()

    /// Opens (creating if needed, unless `readOnly`) the database at `path`; `":memory:"` opens a
    /// private in-memory database.
    public init(path: String, readOnly: Bool = false) throws {
        Self.configureLibrary
        self.path = path
        self.isReadOnly = readOnly
        memo = (path == ":memory:" || path.isEmpty) && !readOnly ? ConnectionMemo() : nil
        var flags = SQLITE_OPEN_NOMUTEX
        flags |= readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var connection: OpaquePointer?
        let rc = sqlite3_open_v2(path, &connection, flags, nil)
        guard rc == SQLITE_OK, let connection else {
            // SQLite usually hands back a handle even on failure; it holds the message and must
            // still be closed.
            let error = SQLiteError(resultCode: rc, connection: connection, sql: nil)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        status.connection = self
        forgetMemoOnRollback(connection)
        // Extended codes tell a UNIQUE violation from a NOT NULL one, which callers map differently.
        sqlite3_extended_result_codes(connection, 1)
    }

    deinit {
        status.isOpen = false
        statementCache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
    }

    /// True until `close()`.
    public var isOpen: Bool { handle != nil }

    /// Finalizes cached statements and closes the connection. Later calls throw. Closing twice is
    /// harmless.
    ///
    /// `sqlite3_close_v2` is used so that statements the caller still holds do not keep the
    /// connection open in a broken state: SQLite defers the real close until they are finalized,
    /// and those statements refuse to step.
    public func close() throws {
        guard let handle else { return }
        statementCache.removeAll()
        let rc = sqlite3_close_v2(handle)
        self.handle = nil
        status.isOpen = false
        if rc != SQLITE_OK { throw SQLiteError(resultCode: rc, connection: nil, sql: nil) }
    }

    /// The open handle, or the "closed" error.
    func requireHandle(sql: String? = nil) throws -> OpaquePointer {
        guard let handle else { throw SQLiteError.closed("database connection", sql: sql) }
        return handle
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    public var changes: Int {
        handle.map { Int(sqlite3_changes64($0)) } ?? 0
    }

    /// Rows changed since the connection opened.
    public var totalChanges: Int {
        handle.map { Int(sqlite3_total_changes64($0)) } ?? 0
    }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// True while a transaction is open (SQLite is not in autocommit mode).
    public var isInTransaction: Bool {
        guard let handle else { return false }
        return sqlite3_get_autocommit(handle) == 0
    }

    /// How long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`; zero fails at once.
    public func setBusyTimeout(_ seconds: Double) throws {
        let milliseconds = Int32(clamping: Int((max(0, seconds) * 1000).rounded()))
        let rc = sqlite3_busy_timeout(try requireHandle(), milliseconds)
        if rc != SQLITE_OK { throw SQLiteError(resultCode: rc, connection: handle, sql: nil) }
    }
}

/// What a connection's statements must know before each step: whether it is open, whether it
/// refuses writes, and what a registered function threw. Its own object, which each statement
/// holds strongly, rather than a weak reference from each statement to its `Database`: a weakly
/// referenced object keeps its counts in a side table, so every retain and release of the
/// connection (each read takes it from its pool) took the runtime's slow path, and each step
/// loaded the weak reference (together about 1 % of a signed fetch's CPU).
final class ConnectionStatus {
    /// False once the connection closed (or went away).
    var isOpen = true
    var refusesWrites = false
    let functionFailure = FunctionFailure()
    /// Where an idempotent read without BEGIN stands (`IdempotentRead`); `.off` otherwise.
    var idempotentRead = IdempotentRead.off
    /// The connection, for the `BEGIN` an idempotent read may need at a statement's step. Not
    /// counted: the connection owns this object, and a statement uses it only while the
    /// connection is open and inside its read.
    unowned(unsafe) var connection: Database?
}
