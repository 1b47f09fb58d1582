import CSQLite

extension Database {
    /// Runs a script of one or more statements separated by semicolons, with no arguments
    /// (schema creation, PRAGMAs). Rows that statements return are discarded.
    ///
    /// Not atomic by itself: statements before a failing one stay applied unless the script
    /// runs inside a transaction (as it does in `DatabaseQueue.write`). Never interpolate
    /// values into the script; use `execute(_:_:)` with arguments.
    public func execute(_ sql: String) throws {
        let handle = try requireHandle(sql: sql)
        try sql.withCString { start in
            var remaining: UnsafePointer<CChar>? = start
            while let current = remaining, current.pointee != 0 {
                var statementHandle: OpaquePointer?
                let rc = sqlite3_prepare_v2(handle, current, -1, &statementHandle, &remaining)
                guard rc == SQLITE_OK else {
                    throw SQLiteError(resultCode: rc, connection: handle, sql: sql)
                }
                // A null statement means only whitespace or a comment was left.
                guard let statementHandle else { continue }
                let statement = Statement(database: self, handle: statementHandle)
                while try statement.step() {}
            }
        }
    }

    /// Runs one statement with bound arguments (`?`, `?NNN`, `:name` placeholders in order).
    /// The argument count must match the statement's parameters.
    public func execute(_ sql: String, _ arguments: [SQLiteValue]) throws {
        try withStatement(sql, arguments) { statement in
            while try statement.step() {}
        }
    }

    /// Runs one statement whose parameters `bind` binds on it (by index, texts from bytes with
    /// `bindText(utf8:at:)`): no array of values, for a write every request makes (issue 31).
    public func execute(_ sql: String, binding bind: (Statement) throws -> Void) throws {
        try withStatement(sql, binding: bind) { statement in
            while try statement.step() {}
        }
    }

    /// Prepares a single statement. The caller owns it; SQL with more than one statement is
    /// rejected, so a stray `;` cannot smuggle in a second statement.
    public func prepare(_ sql: String) throws -> Statement {
        try prepare(sql, persistent: false)
    }

    /// Returns this connection's prepared statement for `sql`, preparing it on first use.
    /// It comes back reset with its bindings cleared; hold it only while using it, since the
    /// next `cachedStatement` call with the same SQL returns and resets the same object.
    public func cachedStatement(_ sql: String) throws -> Statement {
        _ = try requireHandle(sql: sql)
        if let statement = statementCache.statement(for: sql) { return try readied(statement) }
        let statement = try prepare(sql, persistent: true)
        if statementCache.count >= Database.statementCacheLimit { statementCache.removeAll() }
        statementCache.insert(statement, for: sql)
        return statement
    }

    /// Runs `body` with a bound statement from the cache, or a fresh one if the cached one is
    /// mid-iteration (a nested query with the same SQL). Bindings are cleared afterwards so
    /// that argument values (maybe secrets) do not linger in the cache.
    func withStatement<T>(
        _ sql: String, _ arguments: [SQLiteValue], _ body: (Statement) throws -> T
    ) throws -> T {
        try withStatement(sql, binding: { try $0.bind(arguments) }, body)
    }

    /// `withStatement` with the parameters bound by `bind`.
    func withStatement<T>(
        _ sql: String, binding bind: (Statement) throws -> Void, _ body: (Statement) throws -> T
    ) throws -> T {
        let statement: Statement
        if let cached = statementCache.statement(for: sql) {
            // One look in the cache: the cached statement, or a fresh one while it is mid-iteration.
            _ = try requireHandle(sql: sql)
            statement = cached.isBusy ? try prepare(sql) : try readied(cached)
        } else {
            statement = try cachedStatement(sql)
        }
        defer {
            statement.reset()
            statement.clearBindings()
        }
        try bind(statement)
        return try body(statement)
    }

    /// A cached statement made ready for its next use: reset, its bindings cleared.
    private func readied(_ statement: Statement) throws -> Statement {
        try statement.keepIdempotentSnapshot()
        statement.reset()
        statement.clearBindings()
        return statement
    }

    /// Prepares exactly one statement; `persistent` hints SQLite that it will be reused.
    private func prepare(_ sql: String, persistent: Bool) throws -> Statement {
        let handle = try requireHandle(sql: sql)
        let flags = UInt32(persistent ? SQLITE_PREPARE_PERSISTENT : 0)
        return try sql.withCString { start in
            var statementHandle: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v3(handle, start, -1, flags, &statementHandle, &tail)
            guard rc == SQLITE_OK else {
                throw SQLiteError(resultCode: rc, connection: handle, sql: sql)
            }
            guard let statementHandle else {
                throw SQLiteError.misuse("no SQL statement to prepare", sql: sql)
            }
            let statement = Statement(database: self, handle: statementHandle)
            if let tail, tail.pointee != 0, try containsStatement(tail, handle: handle, sql: sql) {
                throw SQLiteError.misuse("multiple statements in one prepare; use execute(_:) for scripts", sql: sql)
            }
            return statement
        }
    }

    /// True when `text` holds another statement rather than only whitespace and comments.
    private func containsStatement(
        _ text: UnsafePointer<CChar>, handle: OpaquePointer, sql: String
    ) throws -> Bool {
        var extra: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, text, -1, &extra, nil)
        sqlite3_finalize(extra)
        guard rc == SQLITE_OK else { throw SQLiteError(resultCode: rc, connection: handle, sql: sql) }
        return extra != nil
    }
}

// MARK: - Queries

extension Database {
    /// Runs a query and returns every row as an array of values, in column order.
    public func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        try query(sql, arguments) { statement in
            rows.append(statement.row)
        }
        return rows
    }

    /// Runs a query and calls `row` once per result row with the statement positioned on it;
    /// read columns with the statement's accessors. This avoids materialising every value when
    /// the caller decodes rows itself. The statement is only valid inside the callback.
    public func query(
        _ sql: String, _ arguments: [SQLiteValue] = [], row: (Statement) throws -> Void
    ) throws {
        try withStatement(sql, arguments) { statement in
            while try statement.step() {
                try row(statement)
            }
        }
    }

    /// The first column of the first row, or nil when the query returns no row. Handy for
    /// `SELECT count(*)` and single-value look-ups.
    public func scalar(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> SQLiteValue? {
        try withStatement(sql, arguments) { statement -> SQLiteValue? in
            // Spelled out: in `step() ? value : nil` the `nil` would become `SQLiteValue.null`
            // through its nil literal, and "no row" would look like a row holding NULL.
            guard try statement.step() else { return Optional<SQLiteValue>.none }
            return statement.value(at: 0)
        }
    }
}

// MARK: - StatementCache

/// A connection's prepared statements by SQL text. The last few used are looked for first by
/// comparing texts: the SQL of a hot path is a constant, whose string is the same storage each
/// time, so `==` answers at once, where the dictionary hashed the whole text (every read paid
/// it three times: BEGIN, its statement, COMMIT).
struct StatementCache {
    private var byText: [String: Statement] = [:]
    private var recent: [(sql: String, statement: Statement)] = []
    private var nextRecent = 0
    static let recentCount = 8

    var count: Int { byText.count }

    /// The statement prepared for `sql`, if any.
    mutating func statement(for sql: String) -> Statement? {
        // Looked at in place: iterating `recent` copied each entry, retaining and releasing its
        // text and statement, objects the event loops share (cache lines moving between cores).
        let found = recent.withUnsafeBufferPointer { entries -> Statement? in
            // Lengths first: `==` on two different texts compared them in the runtime (about 150
            // instructions each), and most entries differ in length.
            for index in entries.indices
            where entries[index].sql.utf8.count == sql.utf8.count && entries[index].sql == sql {
                return entries[index].statement
            }
            return nil
        }
        if let found { return found }
        guard let statement = byText[sql] else { return nil }
        remember(sql, statement)
        return statement
    }

    mutating func insert(_ statement: Statement, for sql: String) {
        byText[sql] = statement
        remember(sql, statement)
    }

    /// Drops every statement (finalized once the last reference goes).
    mutating func removeAll() {
        byText.removeAll()
        recent.removeAll()
        nextRecent = 0
    }

    private mutating func remember(_ sql: String, _ statement: Statement) {
        if recent.count < Self.recentCount {
            recent.append((sql, statement))
        } else {
            recent[nextRecent] = (sql, statement)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
    }
}
