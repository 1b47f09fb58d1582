import CSQLite

/// An error reported by SQLite, or by this module when it is misused.
///
/// It carries the result codes, SQLite's message and the SQL text of the failing statement.
/// It deliberately never carries the bound arguments: those may be passwords, tokens or user
/// data, and errors end up in logs. When a registered Swift function failed the statement, it
/// also carries the error that function threw (`underlying`).
public struct SQLiteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …): the low byte of `extendedCode`.
    public let code: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …); equal to `code` when SQLite gave no detail.
    public let extendedCode: Int32
    /// SQLite's human-readable message, or this module's when it detected the problem itself.
    public let message: String
    /// The SQL text of the statement that failed, when there was one.
    public let sql: String?
    /// The error a registered function threw (see `Database.registerFunction`), so callers can
    /// match its type: SQLite itself only passes on its description, as `message`.
    public let underlying: (any Error)?

    /// Creates an error from an extended result code; the primary code is derived from it.
    public init(extendedCode: Int32, message: String, sql: String? = nil, underlying: (any Error)? = nil) {
        self.code = extendedCode & 0xFF
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.underlying = underlying
    }

    /// The same failure as SQLite reported it; `underlying` is not compared, errors having no
    /// equality of their own.
    public static func == (lhs: SQLiteError, rhs: SQLiteError) -> Bool {
        lhs.extendedCode == rhs.extendedCode && lhs.message == rhs.message && lhs.sql == rhs.sql
    }

    /// A one-line summary: codes, message and SQL, never argument values.
    public var description: String {
        var text = "SQLite error \(code)"
        if extendedCode != code { text += " (extended \(extendedCode))" }
        text += ": \(message)"
        if let sql { text += " — SQL: \(sql)" }
        return text
    }

    /// True for any constraint failure (UNIQUE, NOT NULL, CHECK, FOREIGN KEY, …).
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    /// True when a UNIQUE index or PRIMARY KEY rejected a duplicate: callers map this to
    /// "duplicate value" answers rather than to internal errors.
    public var isUniqueViolation: Bool {
        // SQLITE_CONSTRAINT_UNIQUE and _PRIMARYKEY are C macros with expressions, which Swift
        // does not import; their values are spelled out as in sqlite3.h.
        extendedCode == SQLITE_CONSTRAINT | (8 << 8) || extendedCode == SQLITE_CONSTRAINT | (6 << 8)
    }

    /// True when a statement exceeded one of SQLite's size limits (parser stack, expression
    /// depth, ORDER BY terms, bound variables, string or blob length): the statement was too big,
    /// the database is fine. SQLite reports most of these as plain `SQLITE_ERROR`, so the message
    /// tells them apart; the phrases are SQLite's own and stable across versions.
    public var isLimitExceeded: Bool {
        if code == SQLITE_TOOBIG { return true }
        guard code == SQLITE_ERROR else { return false }
        return Self.limitPhrases.contains { message.contains($0) }
    }

    private static let limitPhrases = [
        "parser stack overflow", "Expression tree is too large", "too many terms", "too many SQL variables",
        "too many arguments on function", "too many columns", "too many FROM clause terms", "pattern too complex",
    ]

    /// True when the database was locked by another connection beyond the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// True when the file is not a sound database (`SQLITE_CORRUPT`, `SQLITE_NOTADB`): damaged
    /// pages or header. Retrying cannot help; the file must be restored.
    public var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// True when a write found no room: the disk (or `PRAGMA max_page_count`) is full. SQLite
    /// has rolled the statement back; nothing of it was written.
    public var isDiskFull: Bool { code == SQLITE_FULL }

    /// True when a closed connection, queue or statement was used (`closed(_:)`): the database
    /// was closed under its caller, e.g. an app dropped while a request still held it.
    public var isClosed: Bool { code == SQLITE_MISUSE && message.hasSuffix(Self.closedSuffix) }

    /// True when the operating system failed a read or write of the file (`SQLITE_IOERR`).
    public var isIOFailure: Bool { code == SQLITE_IOERR }
}

extension SQLiteError {
    /// Builds an error from a connection's current error state. `errmsg` is read right after the
    /// failing call, on the same thread, so it describes that call.
    init(resultCode: Int32, connection: OpaquePointer?, sql: String?, underlying: (any Error)? = nil) {
        var message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        // When the connection holds no matching error (e.g. a misuse detected before any call),
        // fall back to SQLite's generic text for the code.
        if message == nil || message == "not an error" {
            message = String(cString: sqlite3_errstr(resultCode))
        }
        self.init(extendedCode: resultCode, message: message ?? "unknown error", sql: sql, underlying: underlying)
    }

    /// The error thrown when a closed connection, queue or statement is used.
    static func closed(_ what: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(extendedCode: SQLITE_MISUSE, message: what + closedSuffix, sql: sql)
    }

    /// How the message of `closed(_:)` ends, which `isClosed` recognises.
    static let closedSuffix = " is closed"

    /// The error thrown when the caller breaks an API contract that SQLite itself would not catch.
    static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(extendedCode: SQLITE_MISUSE, message: message, sql: sql)
    }
}
