import CSQLite

/// A damaged file (pages or header overwritten) is found two ways: `quickCheck()` before use,
/// and any statement that meets a damaged page later, which the queue remembers so that a
/// health check can report it (a damaged database answers some queries and fails others).
extension DatabaseQueue {
    /// The first `SQLITE_CORRUPT` or `SQLITE_NOTADB` error met by any connection of this queue,
    /// nil while none was.
    public var damageSeen: SQLiteError? { damage.current }

    /// `PRAGMA quick_check`: every page and b-tree of the file read and checked, without
    /// comparing indexes to their tables (`integrity_check` does that, at several times the
    /// cost). Returns SQLite's problems, one a line, empty when the file is sound; a file too damaged
    /// to check throws its damage error. Both are remembered as `damageSeen`.
    public func quickCheck() throws -> [String] {
        let rows = try writeWithoutTransaction { db in
            try db.query("PRAGMA quick_check").compactMap { $0.first?.textValue }
        }
        // One row may hold several lines, under a `*** in database main ***` heading.
        let lines = rows.flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("***") }
        let problems = lines == ["ok"] ? [] : lines
        if let first = problems.first {
            damage.withValue { $0 = $0 ?? SQLiteError(extendedCode: SQLITE_CORRUPT, message: "quick_check: \(first)") }
        }
        return problems
    }

    /// Runs `body`, remembering a damage error it throws before passing it on.
    func noticingDamage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.isDamage {
            damage.withValue { $0 = $0 ?? error }
            throw error
        }
    }
}
