import EmuSQLite
import Foundation

/// Opens an app's database: a file `<data>/<appId>.sqlite3` in WAL mode, or memory.
enum AppDatabase {
    static func open(appId: String, configuration: EmulatorConfiguration) throws -> DatabaseQueue {
        let path: String
        if configuration.inMemory {
            path = ":memory:"
        } else {
            try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
            path = (configuration.dataDirectory as NSString).appendingPathComponent("\(fileName(for: appId)).sqlite3")
        }
        var databaseConfiguration = DatabaseConfiguration()
        databaseConfiguration.synchronous = configuration.durableWrites ? .full : .normal
        databaseConfiguration.prepareConnection = { db in try QueryFunctions.register(on: db) }
        let queue = try DatabaseQueue(path: path, configuration: databaseConfiguration)
        try AppSchema.migrator().migrate(queue)
        return queue
    }

    /// App ids become file names: keep them to a safe alphabet.
    static func fileName(for appId: String) -> String {
        String(appId.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}
