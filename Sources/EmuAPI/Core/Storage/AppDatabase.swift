import EmuSQLite
import Foundation

/// Opens an app's database: a file `<data>/<appId>.sqlite3` in WAL mode, or memory.
enum AppDatabase {
    static func open(appId: String, configuration: EmulatorConfiguration) throws -> DatabaseQueue {
        let path: String
        if configuration.inMemory {
            path = ":memory:"
        } else {
            try prepareDirectory(configuration.dataDirectory)
            path = (configuration.dataDirectory as NSString).appendingPathComponent("\(fileName(for: appId)).sqlite3")
        }
        var databaseConfiguration = DatabaseConfiguration()
        databaseConfiguration.synchronous = configuration.durableWrites ? .full : .normal
        databaseConfiguration.prepareConnection = { db in try QueryFunctions.register(on: db) }
        let queue = try DatabaseQueue(path: path, configuration: databaseConfiguration)
        try AppSchema.migrator().migrate(queue)
        return queue
    }

    /// Creates the data directory, and says plainly when it cannot be written (SQLite would only
    /// say "unable to open database file"), e.g. a Docker volume owned by another user.
    static func prepareDirectory(_ directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw DataDirectoryError(directory: directory, reason: "cannot be created (\(error.localizedDescription))")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw DataDirectoryError(directory: directory, reason: "is not writable by user id \(getuid())")
        }
    }

    /// App ids become file names: keep them to a safe alphabet.
    static func fileName(for appId: String) -> String {
        String(appId.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}

/// The data directory is unusable; the message names it and says why.
struct DataDirectoryError: Error, CustomStringConvertible {
    let directory: String
    let reason: String
    var description: String { "data directory '\(directory)' \(reason)" }
}
