import CSQLite

extension Statement {
    /// Binds `value` to the parameter at `index` (1-based). Text and blobs are copied (short
    /// text into the statement's own slot, the rest by SQLite), so the Swift value need not
    /// outlive the call.
    public func bind(_ value: SQLiteValue, at index: Int) throws {
        let position = Int32(index)
        let rc: Int32
        switch value {
        case .null:
            rc = sqlite3_bind_null(handle, position)
        case .integer(let number):
            rc = sqlite3_bind_int64(handle, position, number)
        case .real(let number):
            rc = sqlite3_bind_double(handle, position, number)
        case .text(let text):
            rc = bindText(text, at: position)
        case .blob(let bytes):
            rc = bytes.withUnsafeBytes { buffer in
                // A null pointer would bind NULL, not an empty blob.
                guard let base = buffer.baseAddress, buffer.count > 0 else {
                    return sqlite3_bind_zeroblob(handle, position, 0)
                }
                return sqlite3_bind_blob64(handle, position, base, UInt64(buffer.count), sqliteTransient)
            }
        }
        if rc != SQLITE_OK { throw bindError(rc) }
    }

    /// Binds `value` to the named parameter. `name` may include its prefix (`:id`, `@id`,
    /// `$id`) or not (`id`, tried with each prefix).
    public func bind(_ value: SQLiteValue, named name: String) throws {
        try bind(value, at: try parameterIndex(named: name))
    }

    /// Binds `arguments` to parameters 1…n; the count must equal `parameterCount`, since a
    /// silently unbound parameter would be NULL.
    public func bind(_ arguments: [SQLiteValue]) throws {
        guard arguments.count == parameterCount else {
            throw SQLiteError.misuse(
                "expected \(parameterCount) arguments, got \(arguments.count)", sql: sql)
        }
        for (offset, value) in arguments.enumerated() {
            try bind(value, at: offset + 1)
        }
    }

    /// Binds each value to its named parameter.
    public func bind(_ arguments: [String: SQLiteValue]) throws {
        for (name, value) in arguments {
            try bind(value, named: name)
        }
    }

    /// The 1-based index of a named parameter.
    public func parameterIndex(named name: String) throws -> Int {
        let candidates = name.first.map { ":@$".contains($0) } == true
            ? [name] : [":" + name, "@" + name, "$" + name]
        for candidate in candidates {
            let index = sqlite3_bind_parameter_index(handle, candidate)
            if index > 0 { return Int(index) }
        }
        throw SQLiteError(extendedCode: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql)
    }

    /// Binds UTF-8 text with an explicit length, so embedded NULs are kept.
    private func bindText(_ text: String, at position: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { buffer in
            // A null pointer would bind NULL, not ''.
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_text(handle, position, "", 0, sqliteTransient)
            }
            // Short text goes to the statement's own slot, unless the statement is mid-run:
            // then the bind fails anyway, and the slot must not change under a running query.
            if sqlite3_stmt_busy(handle) == 0, let rc = textSlots.bind(buffer, at: position, of: handle) { return rc }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                sqlite3_bind_text64(handle, position, $0, UInt64(buffer.count), sqliteTransient, UInt8(SQLITE_UTF8))
            }
        }
    }
}
