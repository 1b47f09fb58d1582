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
    /// Its connection's status, not the connection, which caches its statements (a strong
    /// reference both ways would be a cycle). A statement whose connection is gone or closed
    /// refuses to step.
    let status: ConnectionStatus

    /// The SQL text the statement was prepared from.
    public let sql: String

    /// Its copies of short bound text, made with the first text binding. Used, like the
    /// statement, by one thread at a time: no runtime exclusivity check.
    @exclusivity(unchecked) var textSlots: BoundTextSlots?

    init(database: Database, handle: OpaquePointer) {
        self.status = database.status
        self.handle = handle
        self.sql = sqlite3_sql(handle).map { String(cString: $0) } ?? ""
    }

    deinit {
        // Safe even after the connection closed: sqlite3_close_v2 keeps it alive as a zombie
        // until its last statement is finalized.
        endIdempotentSnapshot()
        sqlite3_finalize(handle)
        textSlots?.deallocate()
    }

    /// Advances to the next row: true when a row is available, false when the statement has
    /// finished. Errors (constraint violations, busy, a function that threw) are thrown with
    /// the statement's SQL; a function's failure also with what it threw, as `underlying`.
    @discardableResult
    public func step() throws -> Bool {
        guard status.isOpen else {
            throw SQLiteError.closed("database connection", sql: sql)
        }
        if status.refusesWrites && mayWrite {
            throw SQLiteError(extendedCode: SQLITE_READONLY, message: "attempt to write a readonly database", sql: sql)
        }
        status.functionFailure.clear()  // only what a function throws during this step counts
        if case .off = status.idempotentRead { return try stepOnce() }
        return try stepInIdempotentRead()
    }

    /// One `sqlite3_step`, its code turned into a row, the end or an error.
    func stepOnce() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        case let rc:
            throw SQLiteError(resultCode: rc, connection: sqlite3_db_handle(handle), sql: sql,
                              underlying: status.functionFailure.take())
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept. Any error of the last
    /// step was already thrown by `step()`, so the code `sqlite3_reset` repeats is ignored.
    public func reset() {
        endIdempotentSnapshot()
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

// MARK: - Reading the current row

/// Column accessors for the current row. Indexes are 0-based; they are valid only after
/// `step()` returned true and until the next step or reset.
extension Statement {
    /// The number of result columns (0 for statements that return no data).
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of the column at `index`, as given by `AS` or derived by SQLite.
    public func columnName(at index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// Every column name, in order.
    public var columnNames: [String] { (0..<columnCount).map { columnName(at: $0) } }

    /// The 0-based index of the first column with this name, or nil.
    public func columnIndex(named name: String) -> Int? {
        (0..<columnCount).first { columnName(at: $0) == name }
    }

    /// The value at `index`, in its stored storage class.
    public func value(at index: Int) -> SQLiteValue {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: return .text(text(at: index) ?? "")
        case SQLITE_BLOB: return .blob(blob(at: index) ?? [])
        default: return .null
        }
    }

    /// Every value of the current row, in column order.
    public var row: [SQLiteValue] { (0..<columnCount).map { value(at: $0) } }

    /// True when the value at `index` is NULL.
    public func isNull(at index: Int) -> Bool {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL
    }

    /// The value at `index` as an integer, with SQLite's conversions (NULL is 0, text is parsed).
    public func int64(at index: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(index))
    }

    /// The value at `index` as a double, with SQLite's conversions (NULL is 0.0).
    public func double(at index: Int) -> Double {
        sqlite3_column_double(handle, Int32(index))
    }

    /// The value at `index` as text, or nil when NULL; numbers are rendered by SQLite.
    public func text(at index: Int) -> String? {
        let column = Int32(index)
        // Text first, then its byte count, as SQLite documents; the count then is of UTF-8.
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return makeString(pointer, Int(sqlite3_column_bytes(handle, column)))
    }

    /// Lends the UTF-8 bytes of the text at `index` (nil when NULL) to `body`, without making a
    /// `String`: for text that is only parsed, like a stored JSON document. The bytes are
    /// SQLite's and valid only during `body`.
    public func withText<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
        let column = Int32(index)
        guard let pointer = sqlite3_column_text(handle, column) else { return try body(nil) }
        return try body(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// The value at `index` as bytes, or nil when NULL (an empty blob gives `[]`).
    public func blob(at index: Int) -> [UInt8]? {
        let column = Int32(index)
        if isNull(at: index) { return nil }
        let pointer = sqlite3_column_blob(handle, column)
        return makeBytes(pointer, Int(sqlite3_column_bytes(handle, column)))
    }
}
