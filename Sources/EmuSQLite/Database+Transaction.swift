/// How a top-level transaction takes its locks.
public enum TransactionKind: String, Sendable {
    /// Locks are taken by the first read or write: cheapest, but a later write may hit `SQLITE_BUSY`.
    case deferred = "DEFERRED"
    /// The write lock is taken at BEGIN, so the transaction cannot fail later for lack of it.
    case immediate = "IMMEDIATE"
    /// Like immediate; in WAL mode readers are still allowed.
    case exclusive = "EXCLUSIVE"

    /// The statement that opens it, as a constant: an interpolated string would be built (and
    /// allocated) on every read of a file database.
    var beginStatement: String {
        switch self {
        case .deferred: return "BEGIN DEFERRED TRANSACTION"
        case .immediate: return "BEGIN IMMEDIATE TRANSACTION"
        case .exclusive: return "BEGIN EXCLUSIVE TRANSACTION"
        }
    }
}

extension Database {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Called while a transaction is already open, it opens a SAVEPOINT instead, so a nested
    /// failure undoes only the nested work and the outer transaction decides the rest; `kind`
    /// then has no effect.
    @discardableResult
    public func transaction<T>(
        kind: TransactionKind = .deferred, _ body: (Database) throws -> T
    ) throws -> T {
        if isInIdempotentRead { try beginIdempotentRead() }  // its snapshot, made explicit
        if isInTransaction { return try savepoint(body) }
        // With arguments (none): through the statement cache, so BEGIN and COMMIT are prepared
        // once per connection rather than on every read and write.
        try runBare(kind.beginStatement)
        let result: T
        do {
            result = try body(self)
            try runBare("COMMIT TRANSACTION")
        } catch {
            // SQLite rolls back by itself after some errors (SQLITE_FULL, …); a second ROLLBACK
            // would fail and hide the original error.
            if isInTransaction { try? execute("ROLLBACK TRANSACTION") }
            forgetMemo()  // what it remembered may have been read from the rolled-back changes
            throw error
        }
        return result
    }

    /// Runs a cached statement that takes no arguments and returns no rows (BEGIN, COMMIT): every
    /// read and write runs two, so without the binding and clearing `execute(_:_:)` does.
    func runBare(_ sql: String) throws {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        while try statement.step() {}
    }

    /// Runs `body` inside a SAVEPOINT within the current transaction.
    private func savepoint<T>(_ body: (Database) throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        // Names only need to be unique among open savepoints, and those nest strictly.
        let name = "emu_savepoint_\(savepointDepth)"
        try execute("SAVEPOINT \(name)")
        let result: T
        do {
            result = try body(self)
            try execute("RELEASE SAVEPOINT \(name)")
        } catch {
            if isInTransaction {
                // ROLLBACK TO keeps the savepoint open; RELEASE removes it from the stack.
                try? execute("ROLLBACK TRANSACTION TO SAVEPOINT \(name)")
                try? execute("RELEASE SAVEPOINT \(name)")
            }
            forgetMemo()
            throw error
        }
        return result
    }
}
