import CSQLite

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
