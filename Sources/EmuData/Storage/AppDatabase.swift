import EmuSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCWire

/// Opens an app's database: a file `<data>/<appId>.sqlite3` in WAL mode, or memory.
package enum AppDatabase {
    /// - Parameters:
    ///   - dataDirectory: where the file goes; `:memory:` keeps the database in memory.
    ///   - durableWrites: sync every commit to disk (`synchronous = FULL`).
    ///   - workerCount: the worker pool's size, which sets how many readers may read at once.
    ///   - image: for an in-memory database, the bytes to start from (`SeedImageCache`): a copy
    ///     of a database this process migrated and filled already. Ignored for a file.
    package static func open(appId: String, dataDirectory: String, durableWrites: Bool = false,
                     workerCount: Int = 2, image: [UInt8]? = nil) throws -> DatabaseQueue {
        let inMemory = dataDirectory == ":memory:"
        let path: String
        if inMemory {
            path = ":memory:"
        } else {
            try prepareDirectory(dataDirectory)
            path = PathText.join(dataDirectory, "\(fileName(for: appId)).sqlite3")
        }
        var databaseConfiguration = DatabaseConfiguration()
        databaseConfiguration.synchronous = durableWrites ? .full : .normal
        // One reader for every job that may read at once: `workerCount` on the pool and as many
        // inline on the connections' threads (WorkerPool.enterInline). With fewer, an inline
        // fetch would wait on its event loop for a reader a slow pooled query holds.
        databaseConfiguration.readerCount = 2 * max(1, workerCount)
        databaseConfiguration.prepareConnection = { db in try QueryFunctions.register(on: db) }
        if !inMemory { createPrivately(databaseAt: path) }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: databaseConfiguration)
        } catch let error as SQLiteError where error.isDamage {
            throw DamagedDatabaseError(path: path, problem: error.message)
        }
        do {
            if !inMemory { try refuseDamaged(queue) }
            if inMemory, let image { try queue.writeWithoutTransaction { db in try db.loadImage(image) } }
            if inMemory, image == nil {
                try queue.writeWithoutTransaction { db in try db.execute("PRAGMA page_size = \(memoryPageSize)") }
            }
            try AppSchema.migrator().migrate(queue)
            return queue
        } catch {
            try? queue.close()
            guard let damage = error as? SQLiteError, damage.isDamage else { throw error }
            throw DamagedDatabaseError(path: path, problem: damage.message)
        }
    }

    /// The page size of an in-memory database (a file keeps SQLite's 4,096). Its rollback journal
    /// is in memory too, and every write copies each page it changes into it, 1 KiB chunk by chunk
    /// (a create changes four or five: the row's and its indexes' leaves); 2 KiB pages halve that
    /// copy (issue 31, docs/performance.md). An image (`SeedImageCache`) keeps the size it was made with.
    static let memoryPageSize = 2048

    /// A damaged file is refused before it serves anything: otherwise the server would start,
    /// report itself healthy, and answer 500 to whatever touched the damaged pages. The check
    /// reads the whole file once: about 10 ms for 10,000 objects (docs/configuration.md, "When storage fails").
    private static func refuseDamaged(_ queue: DatabaseQueue) throws {
        let problems = try queue.quickCheck()
        guard let first = problems.first else { return }
        let more = problems.count > 1 ? ", and \(problems.count - 1) more problems" : ""
        throw DamagedDatabaseError(path: queue.path, problem: first + more)
    }

    /// A database holds password hashes and session tokens: a file LCEmu creates is its owner's
    /// only (0600) from the moment it exists, and so are its WAL and shared-memory files, which
    /// SQLite creates with the database file's mode. An empty file is an empty database to SQLite.
    /// An existing file keeps the mode its owner chose.
    private static func createPrivately(databaseAt path: String) {
        let fd = createNewFile(path, mode: 0o600)
        if fd >= 0 { close(fd) }
    }

    /// Creates the data directory, its owner's only (0700: the databases inside hold secrets), and
    /// says plainly when it cannot be written (SQLite would only say "unable to open database
    /// file"), e.g. a Docker volume owned by another user. An existing directory keeps its mode.
    static func prepareDirectory(_ directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw DataDirectoryError(directory: directory, reason: "cannot be created (\(error))")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw DataDirectoryError(directory: directory, reason: "is not writable by user id \(getuid())")
        }
    }

    /// App ids become file names: keep them to a safe alphabet.
    package static func fileName(for appId: String) -> String {
        String(appId.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}

/// The data directory is unusable; the message names it and says why.
struct DataDirectoryError: Error, CustomStringConvertible {
    let directory: String
    let reason: String
    var description: String { "data directory '\(directory)' \(reason)" }
}

/// An app's database file fails SQLite's check: the message names the file and what to do.
struct DamagedDatabaseError: Error, CustomStringConvertible {
    let path: String
    let problem: String
    var description: String {
        "database file '\(path)' is damaged (\(problem)); restore it from a backup, or move it away to start with an empty database"
    }
}

/// `open(2)` creating `path` only if it does not exist, outside `AppDatabase`, whose own
/// `open(appId:dataDirectory:durableWrites:workerCount:)` would hide the system call's name.
private func createNewFile(_ path: String, mode: mode_t) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
}

// MARK: - StorageFailure

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

    /// The app's database was closed while the request ran: an app made on demand was dropped
    /// (`DELETE /__admin/apps/<appId>`, docs/testing.md), or the server is stopping. Not a fault
    /// of the storage, so not logged as one.
    package static let closed = LCErrorCode(
        code: 1, message: "This app's database was closed while the request ran: the app was dropped (DELETE /__admin/apps), or the server is stopping.",
        httpStatus: 410)

    /// The answer for a storage failure, nil for any other SQLite error (a bug: 500).
    package static func code(for error: SQLiteError) -> LCErrorCode? {
        if error.isClosed { return closed }
        if error.isDiskFull { return diskFull }
        if error.isDamage { return damaged }
        if error.isIOFailure { return ioFailure }
        return nil
    }
}
