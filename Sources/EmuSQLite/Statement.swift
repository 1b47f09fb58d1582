import CSQLite

/// A prepared statement of one `Database`.
///
/// Like its connection it is not thread-safe: use it on the thread (or queue) that owns the
/// connection, and never hand it to another. It is finalized when the last reference goes away.
///
/// Bind parameters are numbered from 1, as in SQLite; result columns from 0.
public final class Statement {
    /// The statement handle, valid until deinit.
    let handle: OpaquePointer
    /// Weak, because the connection caches its statements: a strong reference both ways would
    /// be a cycle. A statement whose connection is gone or closed refuses to step.
    private weak var database: Database?

    /// The SQL text the statement was prepared from.
    public let sql: String

    /// Its copies of short bound text, made with the first text binding.
    lazy var textSlots = BoundTextSlots(parameters: parameterCount)

    init(database: Database, handle: OpaquePointer) {
        self.database = database
        self.handle = handle
        self.sql = sqlite3_sql(handle).map { String(cString: $0) } ?? ""
    }

    deinit {
        // Safe even after the connection closed: sqlite3_close_v2 keeps it alive as a zombie
        // until its last statement is finalized.
        sqlite3_finalize(handle)
    }

    /// Advances to the next row: true when a row is available, false when the statement has
    /// finished. Errors (constraint violations, busy, a function that threw) are thrown with
    /// the statement's SQL; a function's failure also with what it threw, as `underlying`.
    @discardableResult
    public func step() throws -> Bool {
        guard let database, database.isOpen else {
            throw SQLiteError.closed("database connection", sql: sql)
        }
        if database.refusesWrites && mayWrite {
            throw SQLiteError(extendedCode: SQLITE_READONLY, message: "attempt to write a readonly database", sql: sql)
        }
        _ = database.functionFailure.take()  // only what a function throws during this step counts
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        case let rc:
            throw SQLiteError(resultCode: rc, connection: sqlite3_db_handle(handle), sql: sql,
                              underlying: database.functionFailure.take())
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept. Any error of the last
    /// step was already thrown by `step()`, so the code `sqlite3_reset` repeats is ignored.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Sets every parameter back to NULL, releasing SQLite's copies of bound text and blobs.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// The number of bind parameters (the largest index, for `?NNN`).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// How many times SQLite compiled this statement again since it was prepared (after a
    /// schema change, or anything else that expired it).
    var reprepareCount: Int { Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_REPREPARE, 0)) }

    /// Whether running the statement may change the database. SQLite counts every PRAGMA as a
    /// writer; one that only reads a setting (`PRAGMA journal_mode`, no `=`) does not write.
    var mayWrite: Bool {
        guard !isReadOnly else { return false }
        let text = sql.drop { $0.isWhitespace }
        return !(text.prefix(6).uppercased() == "PRAGMA" && !text.contains("="))
    }

    /// True when the statement makes no direct change to the database file.
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// True between the first step and completion or reset: the statement is mid-iteration.
    var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

    /// The error for a failed bind call.
    func bindError(_ rc: Int32) -> SQLiteError {
        SQLiteError(resultCode: rc, connection: sqlite3_db_handle(handle), sql: sql)
    }
}
