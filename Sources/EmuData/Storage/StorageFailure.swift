import EmuSQLite
import LCWire

/// Failures of the emulator's own storage, not of the request: they answer with what happened
/// and what to do, instead of an anonymous 500 (docs/configuration.md, "When storage fails").
/// SQLite has rolled the failed statement back and the request's transaction is rolled back
/// with it, so nothing of the request is half-written.
package enum StorageFailure {
    /// The disk holding the data directory is full: `507 Insufficient Storage` (RFC 4918), the
    /// status that says the server, not the request, lacks room. Reads keep working.
    static let diskFull = LCErrorCode(
        code: 1, message: "The emulator's disk is full: nothing of this request was saved. Free space on the disk of the data directory and retry.",
        httpStatus: 507)

    /// The database file is damaged; `/__admin/health` answers 503 from now on.
    package static let damaged = LCErrorCode(
        code: 1, message: "The emulator's database file is damaged: restore it from a backup, or move it away and restart with an empty one.",
        httpStatus: 503)

    /// The operating system refused to read or write the file (a failing disk, a removed volume).
    static let ioFailure = LCErrorCode(
        code: 1, message: "The emulator could not read or write its database file (disk I/O error): nothing of this request was saved.",
        httpStatus: 503)

    /// The answer for a storage failure, nil for any other SQLite error (a bug: 500).
    package static func code(for error: SQLiteError) -> LCErrorCode? {
        if error.isDiskFull { return diskFull }
        if error.isDamage { return damaged }
        if error.isIOFailure { return ioFailure }
        return nil
    }
}
