import CSQLite

/// Values a connection derived from its database (a class's schema, say), kept for as long as it
/// provably changed nothing since it read them (issue 31: the create read its class's row on
/// every request, ~4,000 instructions of ~96,000).
///
/// "Provably" is SQLite's count of the rows this connection's statements changed
/// (`sqlite3_total_changes64`): any INSERT, UPDATE or DELETE that completes, a table emptied whole
/// included, moves it, and a memo stamped with another count is empty. The count does not go
/// back when a transaction or savepoint rolls back, so every rollback empties the memo (SQLite's
/// rollback hook, and `Database.transaction` for savepoints), as does `loadImage`. A writer that
/// knows which tables it changed says so with `keepingMemo`. Only a private in-memory database
/// keeps a memo: nothing but its one connection can change it, where a file has readers'
/// snapshots and other processes. One value per key; the caller bounds its keys.
final class ConnectionMemo {
    private var values: [String: AnyObject] = [:]
    /// The change count the values were read at; -1 when they are none.
    private var stamp: Int64 = -1

    func value(_ key: String, changes: Int64) -> AnyObject? {
        guard stamp == changes else {
            if stamp != -1 { forget() }
            return nil
        }
        return values[key]
    }

    func store(_ value: AnyObject, for key: String, changes: Int64) {
        if stamp != changes {
            values.removeAll(keepingCapacity: true)
            stamp = changes
        }
        values[key] = value
    }

    /// Still valid after a change that touched none of the tables the values came from.
    func restamp(from before: Int64, to after: Int64) {
        if stamp == before { stamp = after }
    }

    func forget() {
        values.removeAll()
        stamp = -1
    }
}

extension Database {
    /// The value remembered under `key`, nil when there is none or something may have changed
    /// since it was read. Always nil on a file database.
    public func remembered<Value: AnyObject>(_ key: String, as type: Value.Type) -> Value? {
        guard let memo, let handle else { return nil }
        return memo.value(key, changes: sqlite3_total_changes64(handle)) as? Value
    }

    /// Remembers `value`, derived from the database as it is now, under `key`; made only when
    /// the connection keeps a memo.
    public func remember(_ value: @autoclosure () -> AnyObject, for key: String) {
        guard let memo, let handle else { return }
        memo.store(value(), for: key, changes: sqlite3_total_changes64(handle))
    }

    /// Runs `body`, whose statements must change no table a remembered value was read from,
    /// and keeps the memo valid across it.
    public func keepingMemo(_ body: () throws -> Void) throws {
        guard let memo, let handle else { return try body() }
        let before = sqlite3_total_changes64(handle)
        try body()
        memo.restamp(from: before, to: sqlite3_total_changes64(handle))
    }

    /// Empties the memo: after a rollback, or a database replaced whole.
    func forgetMemo() {
        memo?.forget()
    }

    /// Empties the memo on every rollback of a transaction, SQLite's own after an error included
    /// (an interrupted or out-of-memory write), whoever catches that error. A savepoint's
    /// `ROLLBACK TO` does not call the hook: `transaction` empties the memo itself there.
    func forgetMemoOnRollback(_ handle: OpaquePointer) {
        guard let memo else { return }
        // The memo lives as long as the connection, which removes the hook when it closes.
        sqlite3_rollback_hook(handle, { context in
            guard let context else { return }
            Unmanaged<ConnectionMemo>.fromOpaque(context).takeUnretainedValue().forget()
        }, Unmanaged.passUnretained(memo).toOpaque())
    }
}
