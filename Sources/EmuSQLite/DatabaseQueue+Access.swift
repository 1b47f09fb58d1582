extension DatabaseQueue {
    /// Runs `body` on the writer inside `BEGIN IMMEDIATE … COMMIT` and returns its result; a
    /// thrown error rolls back and is rethrown. IMMEDIATE takes the write lock up front, so the
    /// transaction cannot fail halfway for lack of it.
    ///
    /// Called from inside another `write` (or `writeWithoutTransaction`) of the same queue, it
    /// runs inline in a SAVEPOINT instead of deadlocking: its failure undoes only its own work.
    @discardableResult
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try onWriter { db in
            try db.transaction(kind: .immediate, body)
        }
    }

    /// Runs `body` on the writer with no implicit transaction: for statements that cannot run
    /// in one (`VACUUM`, some PRAGMAs) or for callers managing transactions themselves.
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try onWriter(body)
    }

    /// Runs `body` with a read-only view of the database and returns its result.
    ///
    /// For a file database in WAL mode it uses a pooled read-only connection inside a deferred
    /// transaction, so every query in `body` sees the same snapshot, while the writer and other
    /// readers carry on. Otherwise, and when called from inside `write`, it runs on the writer
    /// (so it sees the enclosing transaction's changes) refusing statements that write, which
    /// then fail there as they would on a reader (SQLITE_READONLY).
    @discardableResult
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        if let readers, !isOnWriterQueue {
            try checkOpen()
            return try noticingDamage {
                try readers.withReader { db in
                    // A nested read reuses the outer one's connection and snapshot.
                    if db.isInTransaction { return try body(db) }
                    return try db.transaction(kind: .deferred, body)
                }
            }
        }
        return try onWriter { db in
            if db.refusesWrites { return try body(db) }  // a nested read
            db.refusesWrites = true
            defer { db.refusesWrites = false }
            return try body(db)
        }
    }

    /// Closes the queue: waits for running reads and writes, closes the readers, checkpoints
    /// the WAL into the main file (`wal_checkpoint(TRUNCATE)`, leaving an empty WAL) and closes
    /// the writer. Later calls throw. Closing twice is harmless.
    ///
    /// Calling it from inside `read` or `write` is a misuse and throws: it would wait for itself.
    public func close() throws {
        if isOnWriterQueue || readers?.isOnReaderQueue == true {
            throw SQLiteError.misuse("DatabaseQueue.close() called from inside read or write")
        }
        if !markClosed() { return }
        readers?.close()
        writerLock.lock()
        defer { writerLock.unlock() }
        if usesWAL, writer.isOpen {
            // Best effort and without waiting: if another connection (an `lcemu import`, say)
            // holds the database, the next open checkpoints instead; shutdown stays fast.
            try? writer.setBusyTimeout(0)
            try? writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try writer.close()
    }
}
