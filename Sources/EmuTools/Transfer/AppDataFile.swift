import EmuData
import EmuRouting
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

/// An app's database opened outside a running emulator, for `lcemu import` and `lcemu export`
/// (docs/import-export.md).
///
/// The file is the one `lcemu serve --data` uses (`<data>/<appId>.sqlite3`), created and migrated
/// when missing. SQLite's WAL locking lets a running server share it: the server sees imported
/// rows as soon as the import commits, and its own writes wait while an import holds the lock.
///
/// ```swift
/// let file = try AppDataFile(appId: "lcemu-dev-app-id", dataDirectory: ".lcemu")
/// defer { try? file.close() }
/// let report = try file.importObjects(objects, into: "Post")
/// ```
public final class AppDataFile {
    public let appId: String
    /// Path of the SQLite file.
    public let path: String
    /// The open database; tests read it directly.
    public let database: DatabaseQueue
    /// Dates for objects that carry none.
    let clock: EmulatorClock

    /// Opens the database of `appId` under `dataDirectory`, migrating it. `create: false` (for
    /// exports) refuses a missing file instead of creating an empty one, so a mistyped `--data`
    /// says so rather than exporting nothing.
    public init(appId: String, dataDirectory: String, create: Bool = true, clock: EmulatorClock = EmulatorClock()) throws {
        guard dataDirectory != ":memory:" else {
            throw TransferError("--data :memory: holds nothing between runs; name a directory")
        }
        let expected = PathText.join(dataDirectory, "\(AppDatabase.fileName(for: appId)).sqlite3")
        guard create || FileManager.default.fileExists(atPath: expected) else {
            throw TransferError("no database for app \(appId) in \(dataDirectory) (expected \(expected))")
        }
        self.appId = appId
        self.clock = clock
        database = try AppDatabase.open(appId: appId, dataDirectory: dataDirectory)
        path = database.path
    }

    /// Closes the database cleanly (checkpointing the WAL).
    public func close() throws {
        try database.close()
    }

    /// Every class with a row in `classes`, by name.
    public func classNames() throws -> [String] {
        try database.read { db in try AppDataDocument.classNames(in: db) }
    }
}

/// An import or export that cannot be done, with a one-line message saying why.
public struct TransferError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) { self.description = description }
}

extension AppDataFile {
    /// Every object of `className`, in insertion order. An unknown class is an error that lists
    /// the known ones (a typo should not look like an empty class).
    public func exportRecords(className: String, progress: ((Int) -> Void)? = nil) throws -> [ObjectRecord] {
        try database.read { db in
            guard try ObjectStore.classExists(className, in: db) else {
                let known = try AppDataDocument.classNames(in: db)
                throw TransferError("no class '\(className)' in app \(appId)"
                    + (known.isEmpty ? " (it has no classes)" : " (classes: \(known.joined(separator: ", ")))"))
            }
            return try AppDataDocument.records(ofClass: className, in: db, progress: progress)
        }
    }

    /// How many objects `className` holds (0 for an unknown class): the total of export progress.
    public func objectCount(className: String) throws -> Int {
        try database.read { db in
            Int(try db.scalar("SELECT count(*) FROM objects WHERE class = ?", [.text(className)])?.int64Value ?? 0)
        }
    }

    /// The export document of `className`: `{"results":[…]}`, objects in wire form with their ACL.
    public func export(className: String) throws -> [UInt8] {
        ExportDocument.serialize(try exportRecords(className: className))
    }
}

// MARK: - ExportDocument

/// The text of an export: `{"results":[…]}`, the shape of a LeanCloud query answer, so the file
/// imports back here, into the seed, or anywhere that reads query results.
///
/// One object per line: valid JSON that also diffs and greps well.
public enum ExportDocument {
    public static func serialize(_ records: [ObjectRecord]) -> [UInt8] {
        guard !records.isEmpty else { return Array("{\"results\":[]}\n".utf8) }
        var bytes = Array("{\"results\":[\n".utf8)
        for (index, record) in records.enumerated() {
            if index > 0 { bytes += Array(",\n".utf8) }
            bytes += JSON.object(record.json(includeACL: true)).serialized()
        }
        bytes += Array("\n]}\n".utf8)
        return bytes
    }
}
