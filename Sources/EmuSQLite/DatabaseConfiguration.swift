/// How a `DatabaseQueue` opens and sets up its connections.
///
/// ## Durability
/// With the defaults (WAL journal, `synchronous = NORMAL`) a `write` that has returned is
/// durable against a crash of the process, including SIGKILL: COMMIT hands the transaction to
/// the operating system (a `write(2)` to the WAL file) before it returns, and the kernel keeps
/// that data whatever happens to the process. What NORMAL does not promise is survival of a
/// power loss or kernel crash: the WAL is only fsynced at checkpoints, so the last transactions
/// may be lost then (the database stays consistent). Choose `.full` to fsync at every commit
/// when that matters more than write latency.
public struct DatabaseConfiguration: Sendable {
    /// SQLite's journal modes that make sense here.
    public enum JournalMode: String, Sendable {
        /// Write-ahead log: readers do not block the writer nor the writer readers. Needed for
        /// the reader pool.
        case wal = "WAL"
        /// The classic rollback journal, deleted after each transaction.
        case delete = "DELETE"
    }

    /// When SQLite waits for the disk.
    public enum Synchronous: String, Sendable {
        /// fsync at checkpoints only (in WAL mode): durable against process crashes.
        case normal = "NORMAL"
        /// fsync at every commit: durable against power loss too.
        case full = "FULL"
    }

    /// The journal mode for file databases (in-memory databases keep SQLite's own). Default WAL.
    public var journalMode: JournalMode
    /// The sync level. Default `.normal`; see "Durability" above.
    public var synchronous: Synchronous
    /// Seconds a connection waits for another's lock before failing with `SQLITE_BUSY`:
    /// this matters when another process (a second emulator, the sqlite3 shell) uses the file.
    public var busyTimeout: Double
    /// How many read-only connections serve `read` for a file database in WAL mode. Zero, or
    /// any other journal mode or an in-memory database, makes reads run on the writer.
    public var readerCount: Int
    /// Whether `FOREIGN KEY` constraints are enforced (SQLite's default is off).
    public var foreignKeys: Bool
    /// Runs on every connection right after it opens and is configured, writer and readers
    /// alike: register SQL functions here so every connection has them. An error it throws
    /// fails the queue's init.
    public var prepareConnection: (@Sendable (Database) throws -> Void)?

    /// A configuration with the documented defaults.
    public init(
        journalMode: JournalMode = .wal,
        synchronous: Synchronous = .normal,
        busyTimeout: Double = 5,
        readerCount: Int = 2,
        foreignKeys: Bool = true,
        prepareConnection: (@Sendable (Database) throws -> Void)? = nil
    ) {
        self.journalMode = journalMode
        self.synchronous = synchronous
        self.busyTimeout = busyTimeout
        self.readerCount = readerCount
        self.foreignKeys = foreignKeys
        self.prepareConnection = prepareConnection
    }
}
