import CSQLite

/// One SQLite value, in one of SQLite's five storage classes.
public enum SQLiteValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// True for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The integer, or nil for any other storage class (no lossy conversion).
    public var int64Value: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number as a double: `.real` as is, `.integer` converted; nil otherwise.
    public var doubleValue: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// The text, or nil for any other storage class.
    public var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes, or nil for any other storage class.
    public var blobValue: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }
}

extension SQLiteValue {
    /// Copies an `sqlite3_value` (a function argument) into a Swift value. The copy matters:
    /// SQLite's buffers are only valid until the function returns.
    init(sqliteValue value: OpaquePointer?) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            // Ask for the text before its length, as SQLite documents, so the length is of UTF-8.
            let pointer = sqlite3_value_text(value)
            let count = Int(sqlite3_value_bytes(value))
            self = .text(makeString(pointer, count))
        case SQLITE_BLOB:
            let pointer = sqlite3_value_blob(value)
            let count = Int(sqlite3_value_bytes(value))
            self = .blob(makeBytes(pointer, count))
        default:
            self = .null
        }
    }
}

/// Decodes `count` UTF-8 bytes; embedded NULs survive, which `String(cString:)` would cut.
func makeString(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> String {
    guard let pointer, count > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
}

/// Copies `count` bytes; SQLite returns a null pointer for an empty blob.
func makeBytes(_ pointer: UnsafeRawPointer?, _ count: Int) -> [UInt8] {
    guard let pointer, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
}

/// `SQLITE_TRANSIENT`: tells SQLite to copy text and blobs before the bind call returns, so
/// Swift's temporary buffers may go away right after.
var sqliteTransient: sqlite3_destructor_type {
    unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// `SQLITE_STATIC`: SQLite keeps the pointer and copies nothing; the bytes must stay put until
/// the parameter is bound again or the statement is finalized (`BoundTextSlots`).
let sqliteStatic: sqlite3_destructor_type? = nil

// MARK: - Literals and wrapping initialisers

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
