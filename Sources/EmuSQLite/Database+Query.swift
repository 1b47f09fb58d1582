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
