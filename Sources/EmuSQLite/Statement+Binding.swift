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

    /// Binds two texts to parameters 1 and 2 of a statement that has exactly two (a class and
    /// an id, say), as `bind([.text(first), .text(second)])` would, without building the array
    /// of values (an allocation and the values' copies on every fetch).
    public func bindTexts(_ first: String, _ second: String) throws {
        guard parameterCount == 2 else {
            throw SQLiteError.misuse("expected \(parameterCount) arguments, got 2", sql: sql)
        }
        var rc = bindText(first, at: 1)
        if rc != SQLITE_OK { throw bindError(rc) }
        rc = bindText(second, at: 2)
        if rc != SQLITE_OK { throw bindError(rc) }
    }

    /// Binds UTF-8 bytes as text at `index` (1-based), as `bind(.text(…), at:)` binds a String's:
    /// for text already in bytes (JSON a serializer wrote), which need not become a String first.
    /// The bytes must be valid UTF-8, as a String's are.
    public func bindText(utf8 bytes: [UInt8], at index: Int) throws {
        let rc = bytes.withUnsafeBufferPointer { bindText($0, at: Int32(index)) }
        if rc != SQLITE_OK { throw bindError(rc) }
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
        // A native string lends its bytes as it is; only another kind is copied first.
        if let rc = text.utf8.withContiguousStorageIfAvailable({ bindText($0, at: position) }) { return rc }
        var text = text
        return text.withUTF8 { bindText($0, at: position) }
    }

    private func bindText(_ buffer: UnsafeBufferPointer<UInt8>, at position: Int32) -> Int32 {
        // A null pointer would bind NULL, not ''.
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return sqlite3_bind_text(handle, position, "", 0, sqliteTransient)
        }
        // Short text goes to the statement's own slot, unless the statement is mid-run:
        // then the bind fails anyway, and the slot must not change under a running query.
        if sqlite3_stmt_busy(handle) == 0 {
            if textSlots == nil { textSlots = BoundTextSlots(parameters: parameterCount) }
            if let rc = textSlots.unsafelyUnwrapped.bind(buffer, at: position, of: handle) { return rc }
        }
        return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
            sqlite3_bind_text64(handle, position, $0, UInt64(buffer.count), sqliteTransient, UInt8(SQLITE_UTF8))
        }
    }
}

// MARK: - Typed bind overloads

/// Typed bind overloads, so callers need not wrap every value in `SQLiteValue`.
/// `bind(nil, at:)` binds NULL through `SQLiteValue`'s nil literal.
extension Statement {
    /// Binds an `Int` at `index` (1-based).
    public func bind(_ value: Int, at index: Int) throws { try bind(.integer(Int64(value)), at: index) }
    /// Binds an `Int64` at `index` (1-based).
    public func bind(_ value: Int64, at index: Int) throws { try bind(.integer(value), at: index) }
    /// Binds a `Double` at `index` (1-based).
    public func bind(_ value: Double, at index: Int) throws { try bind(.real(value), at: index) }
    /// Binds a `String` at `index` (1-based).
    public func bind(_ value: String, at index: Int) throws { try bind(.text(value), at: index) }
    /// Binds bytes as a blob at `index` (1-based).
    public func bind(_ value: [UInt8], at index: Int) throws { try bind(.blob(value), at: index) }
    /// Binds a `Bool` as 1 or 0 at `index` (1-based).
    public func bind(_ value: Bool, at index: Int) throws { try bind(.integer(value ? 1 : 0), at: index) }
    /// Binds NULL at `index` (1-based).
    public func bindNull(at index: Int) throws { try bind(.null, at: index) }

    /// Binds an `Int` to a named parameter.
    public func bind(_ value: Int, named name: String) throws { try bind(.integer(Int64(value)), named: name) }
    /// Binds an `Int64` to a named parameter.
    public func bind(_ value: Int64, named name: String) throws { try bind(.integer(value), named: name) }
    /// Binds a `Double` to a named parameter.
    public func bind(_ value: Double, named name: String) throws { try bind(.real(value), named: name) }
    /// Binds a `String` to a named parameter.
    public func bind(_ value: String, named name: String) throws { try bind(.text(value), named: name) }
    /// Binds bytes as a blob to a named parameter.
    public func bind(_ value: [UInt8], named name: String) throws { try bind(.blob(value), named: name) }
    /// Binds a `Bool` as 1 or 0 to a named parameter.
    public func bind(_ value: Bool, named name: String) throws { try bind(.integer(value ? 1 : 0), named: name) }
    /// Binds NULL to a named parameter.
    public func bindNull(named name: String) throws { try bind(.null, named: name) }
}

// MARK: - BoundTextSlots, the statement's copies of short text

/// Where a statement keeps its own copy of short bound text: one fixed slot per parameter,
/// allocated with the statement's first text binding and reused by every later one. SQLite is
/// told the bytes are static (they live as long as the statement and change only when the
/// parameter is bound again), so it makes no copy: with SQLITE_TRANSIENT each bound string cost
/// a malloc per query (bench/allocations: two of a signed Post fetch's allocations).
/// A value, not an object: the statement owns the memory and frees it after finalizing
/// (`deallocate`), so a binding retains and releases nothing.
struct BoundTextSlots {
    /// Longer text is bound as SQLITE_TRANSIENT: SQLite copies it.
    static let slotSize = 64
    private let storage: UnsafeMutablePointer<CChar>
    private let count: Int

    init(parameters: Int) {
        count = parameters
        storage = .allocate(capacity: max(parameters, 1) * Self.slotSize)
    }

    /// Frees the slots; only once the statement is finalized, when SQLite no longer reads them.
    func deallocate() { storage.deallocate() }

    /// Copies `bytes` into parameter `position`'s slot and binds it there; nil when it does not
    /// fit, so the caller binds a copy instead.
    func bind(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int32, of handle: OpaquePointer) -> Int32? {
        let index = Int(position) - 1
        guard index >= 0, index < count, bytes.count <= Self.slotSize, let base = bytes.baseAddress else { return nil }
        let slot = storage + index * Self.slotSize
        slot.withMemoryRebound(to: UInt8.self, capacity: bytes.count) { $0.update(from: base, count: bytes.count) }
        return sqlite3_bind_text64(handle, position, slot, UInt64(bytes.count), sqliteStatic, UInt8(SQLITE_UTF8))
    }
}
