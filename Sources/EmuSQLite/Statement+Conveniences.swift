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
