/// Literal conformances, so argument lists read naturally: `[1, "name", nil, 2.5, true]`.

extension SQLiteValue: ExpressibleByNilLiteral {
    /// `nil` is SQL NULL.
    public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
    /// An integer literal is an `.integer`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLiteValue: ExpressibleByFloatLiteral {
    /// A float literal is a `.real`.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLiteValue: ExpressibleByStringLiteral {
    /// A string literal is `.text`.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue: ExpressibleByBooleanLiteral {
    /// SQLite has no boolean type: `true` is 1 and `false` is 0, as SQLite's own TRUE/FALSE.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLiteValue {
    /// Wraps an `Int`.
    public init(_ value: Int) { self = .integer(Int64(value)) }
    /// Wraps an `Int64`.
    public init(_ value: Int64) { self = .integer(value) }
    /// Wraps a `Double`.
    public init(_ value: Double) { self = .real(value) }
    /// Wraps a `String`.
    public init(_ value: String) { self = .text(value) }
    /// Wraps bytes as a blob.
    public init(_ value: [UInt8]) { self = .blob(value) }
    /// Stores a `Bool` as 1 or 0.
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
}
