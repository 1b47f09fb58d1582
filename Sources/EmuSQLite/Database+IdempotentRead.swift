import CSQLite

/// A read without `BEGIN` and `COMMIT` while it runs one statement (`DatabaseQueue.readIdempotent`).
///
/// Why: a signed fetch runs one SELECT, and the two statements around it were about a sixth of
/// its SQLite work (bench/instructions, issue 31). In autocommit mode SQLite opens a read
/// transaction, a snapshot, at a statement's first step and ends it when the last active
/// statement finishes or is reset; any statement stepped while another is still active joins
/// that snapshot, and a `BEGIN` run then keeps it.
///
/// So the read begins bare (`.idle`). The first statement to return a row holds the snapshot
/// (`.holding`). A second statement, or a second step of the holder (it may finish and end the
/// snapshot), runs `BEGIN` first while the holder is still active, on the same snapshot, and
/// the read ends with `COMMIT` as `transaction` would (`.begun`). Once the snapshot has ended
/// without `BEGIN` (the holder finished, failed, was reset or freed: `.ended`), a later
/// statement would see another one: it is refused (`RestartInTransaction`), and the read runs
/// its body again inside `BEGIN … COMMIT`, whatever the first run returned or threw. Hence
/// "idempotent": the body must do nothing but read and compute its result.
enum IdempotentRead {
    /// Not in such a read: statements run as their caller's transaction says.
    case off
    /// In one, before its first statement.
    case idle
    /// The first statement returned a row and is still active: its implicit read transaction
    /// is the read's snapshot.
    case holding(OpaquePointer)
    /// `BEGIN` ran while the snapshot was held; `COMMIT` ends the read.
    case begun
    /// The implicit transaction ended; a later statement would see another snapshot.
    case ended
    /// A statement was refused after `.ended`: the body runs again in a transaction.
    case mustRestart
}

/// Thrown to a statement refused after the snapshot ended; `readIdempotent` catches it.
struct RestartInTransaction: Error {}

extension Database {
    /// Runs `body` as `IdempotentRead` describes; on a read-only pooled connection, outside any
    /// transaction.
    func readIdempotent<T>(_ body: (Database) throws -> T) throws -> T {
        status.idempotentRead = .idle
        let result: T
        do {
            result = try body(self)
        } catch {
            if try finishIdempotentRead(succeeded: false) { return try transaction(kind: .deferred, body) }
            throw error
        }
        if try finishIdempotentRead(succeeded: true) { return try transaction(kind: .deferred, body) }
        return result
    }

    /// Ends the read's snapshot; true when the body must run again in a transaction.
    private func finishIdempotentRead(succeeded: Bool) throws -> Bool {
        let state = status.idempotentRead
        status.idempotentRead = .off
        switch state {
        case .holding(let holder):
            sqlite3_reset(holder)  // a statement the body left active: the snapshot ends here
        case .begun where succeeded:
            do {
                try runBare("COMMIT TRANSACTION")
            } catch {
                if isInTransaction { try? execute("ROLLBACK TRANSACTION") }
                throw error
            }
        case .begun:
            if isInTransaction { try? execute("ROLLBACK TRANSACTION") }
        case .mustRestart:
            return true
        case .off, .idle, .ended:
            break
        }
        return false
    }

    /// Makes the read's snapshot explicit (`BEGIN`): before a second statement, or a transaction
    /// opened inside the read; refused once the snapshot has ended.
    func beginIdempotentRead() throws {
        switch status.idempotentRead {
        case .idle, .holding:
            let previous = status.idempotentRead
            status.idempotentRead = .begun  // so that BEGIN's own step runs plainly
            do {
                try runBare(TransactionKind.deferred.beginStatement)
            } catch {
                status.idempotentRead = previous
                throw error
            }
        case .ended, .mustRestart:
            status.idempotentRead = .mustRestart
            throw RestartInTransaction()
        case .off, .begun:
            break
        }
    }

    /// Whether an idempotent read runs on this connection.
    var isInIdempotentRead: Bool {
        if case .off = status.idempotentRead { return false }
        return true
    }
}

extension Statement {
    /// `step()` inside an idempotent read: see `IdempotentRead`.
    func stepInIdempotentRead() throws -> Bool {
        switch status.idempotentRead {
        case .idle:
            let row: Bool
            do {
                row = try stepOnce()
            } catch {
                status.idempotentRead = .ended
                throw error
            }
            status.idempotentRead = row ? .holding(handle) : .ended
            return row
        case .holding:
            // The holder is still active: BEGIN keeps its snapshot for this statement and the rest.
            try status.connection?.beginIdempotentRead()
            return try stepOnce()
        case .ended, .mustRestart:
            status.idempotentRead = .mustRestart
            throw RestartInTransaction()
        case .off, .begun:
            return try stepOnce()
        }
    }

    /// Before the statement is reset or finalized: if it holds the read's snapshot, the
    /// snapshot ends with it.
    func endIdempotentSnapshot() {
        guard case .holding(let holder) = status.idempotentRead, holder == handle else { return }
        status.idempotentRead = .ended
    }

    /// Before the statement is reset to run again in the same read (`cachedStatement`): if it
    /// holds the read's snapshot, `BEGIN` keeps it first.
    func keepIdempotentSnapshot() throws {
        guard case .holding(let holder) = status.idempotentRead, holder == handle else { return }
        try status.connection?.beginIdempotentRead()
    }
}
