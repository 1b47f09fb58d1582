import CSQLite

/// Holds a registered function's closure. SQLite keeps an opaque pointer to it; the box is
/// retained when registered and released by SQLite's destroy callback, when the function is
/// replaced or the connection closes, so the closure lives exactly as long as SQLite can call it.
private final class FunctionBox {
    let body: ([SQLiteValue]) throws -> SQLiteValue
    /// The connection's slot for what `body` throws.
    let failure: FunctionFailure
    init(_ body: @escaping ([SQLiteValue]) throws -> SQLiteValue, failure: FunctionFailure) {
        self.body = body
        self.failure = failure
    }
}

extension Database {
    /// Registers (or replaces) a scalar SQL function on this connection.
    ///
    /// - Parameters:
    ///   - name: the SQL name, e.g. `"regexp"` makes `x REGEXP y` call it with `(y, x)`.
    ///   - argumentCount: the exact number of arguments, or -1 for any number.
    ///   - deterministic: true when equal arguments always give equal results, which lets
    ///     SQLite use the function in indexes and factor calls out of loops.
    ///   - body: computes the result. An error it throws fails the SQL statement with
    ///     `SQLITE_ERROR`, the error's description as message and the error itself as
    ///     `underlying`, so callers can catch it by type.
    ///
    /// Register on every connection that runs the SQL: with `DatabaseQueue`, do it in
    /// `DatabaseConfiguration.prepareConnection`.
    public func registerFunction(
        name: String,
        argumentCount: Int,
        deterministic: Bool = true,
        _ body: @escaping ([SQLiteValue]) throws -> SQLiteValue
    ) throws {
        let handle = try requireHandle()
        var flags = SQLITE_UTF8
        if deterministic { flags |= SQLITE_DETERMINISTIC }
        let box = Unmanaged.passRetained(FunctionBox(body, failure: functionFailure)).toOpaque()
        // On failure SQLite calls the destroy callback itself, so the box is not leaked.
        let rc = sqlite3_create_function_v2(
            handle, name, Int32(argumentCount), flags, box,
            { context, argc, argv in
                let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                let arguments = (0..<Int(argc)).map { SQLiteValue(sqliteValue: argv![$0]) }
                do {
                    setResult(try box.body(arguments), context: context)
                } catch let error as SQLiteError {
                    box.failure.record(error)
                    sqlite3_result_error(context, error.message, -1)
                } catch {
                    box.failure.record(error)
                    sqlite3_result_error(context, String(describing: error), -1)
                }
            },
            nil, nil,
            { pointer in
                guard let pointer else { return }
                Unmanaged<FunctionBox>.fromOpaque(pointer).release()
            })
        if rc != SQLITE_OK {
            throw SQLiteError(resultCode: rc, connection: handle, sql: nil)
        }
    }
}

/// Hands a function result to SQLite, which copies text and blobs (`SQLITE_TRANSIENT`).
private func setResult(_ value: SQLiteValue, context: OpaquePointer?) {
    switch value {
    case .null:
        sqlite3_result_null(context)
    case .integer(let number):
        sqlite3_result_int64(context, number)
    case .real(let number):
        sqlite3_result_double(context, number)
    case .text(let text):
        var text = text
        text.withUTF8 { buffer in
            // A null pointer would make the result NULL instead of ''.
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                sqlite3_result_text(context, "", 0, sqliteTransient)
                return
            }
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                sqlite3_result_text64(context, $0, UInt64(buffer.count), sqliteTransient, UInt8(SQLITE_UTF8))
            }
        }
    case .blob(let bytes):
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                sqlite3_result_zeroblob(context, 0)
                return
            }
            sqlite3_result_blob64(context, base, UInt64(buffer.count), sqliteTransient)
        }
    }
}

// MARK: - FunctionFailure, what a function threw

/// The error a registered Swift function threw, kept by its connection until the statement it
/// failed reports it. SQLite carries only a message across its C boundary; this carries the
/// error itself, so callers can match its type instead of its text.
///
/// Used on the connection's thread only, like the connection.
final class FunctionFailure {
    private var error: (any Error)?

    /// Called by the function's C callback, just before it fails the statement.
    func record(_ error: any Error) {
        self.error = error
    }

    /// The recorded error, if any, leaving none behind for a later statement.
    func take() -> (any Error)? {
        defer { error = nil }
        return error
    }

    /// Forgets the recorded error, if any: before every step, where one almost never is, so the
    /// common case stores and releases nothing.
    func clear() {
        if error != nil { error = nil }
    }
}
