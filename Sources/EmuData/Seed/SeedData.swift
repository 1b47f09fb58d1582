import EmuCrypto
import EmuSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// The sample data a fresh database starts with, read once from one or more directories of JSON
/// files and kept in memory so that `POST /__admin/reset` reloads it in milliseconds.
///
/// Each file `<ClassName>.json` holds an array of objects, or an export `{"results":[…]}`.
/// `objectId`, `createdAt` and `updatedAt` are kept when given (so seeded ids are stable and
/// documented); `ACL` becomes the object's ACL. Several directories merge in order: one class in
/// two of them is the records of both, one `objectId` twice in a class is an error naming both
/// files (docs/seed.md).
public struct SeedData: Sendable {
    public private(set) var records: [ObjectRecord] = []
    /// Classes created even though no record is of them (an export's empty class), and when.
    public private(set) var emptyClasses: [String] = []
    private var emptyClassesCreatedAt = LCDate(millisecondsSince1970: 0)
    /// What this data is, recorded in the database it is loaded into (`SeedProvenance`).
    public var provenance = SeedProvenance.none

    public init(records: [ObjectRecord] = []) { self.records = records }

    /// Records, and classes to create although they have none, as of `now`.
    public init(records: [ObjectRecord], emptyClasses: [String], now: LCDate) {
        self.records = records
        self.emptyClasses = emptyClasses
        emptyClassesCreatedAt = now
    }

    /// Reads every `*.json` file of `directory`, in name order.
    public static func load(directory: String, now: LCDate) throws -> SeedData {
        try load(directories: [directory], now: now)
    }

    /// Reads every `*.json` file of each directory, directories in the order given and files in
    /// name order; the same objectId twice in one class throws `SeedError` naming both files.
    ///
    /// The files are read every time, but parsed once per process: the same folders with the
    /// same bytes (the fingerprint) give the `SeedData` parsed the first time (`SeedImageCache`),
    /// so its records without dates carry that first load's `now`.
    public static func load(directories: [String], now: LCDate) throws -> SeedData {
        var files: [SeedFile] = []
        var paths: [String?] = []  // each file's path; nil for a separator
        for directory in directories {
            let names = try SeedError.wrap(directory) {
                try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
            }
            for name in names {
                let path = PathText.join(directory, name)
                guard let bytes = FileManager.default.contents(atPath: path) else { continue }
                paths.append(path)
                files.append(SeedFile(name: name, bytes: Array(bytes)))
            }
            files.append(SeedFile.separator)
            paths.append(nil)
        }
        let provenance = SeedProvenance(origin: .seed, source: directories.joined(separator: ", "),
                                        fingerprint: SeedFile.fingerprint(files))
        if let loaded = SeedImageCache.seed(for: provenance) { return loaded }
        var seed = SeedData()
        var origins: [String: String] = [:]  // "class/objectId" -> the file that holds it
        for (index, file) in files.enumerated() {
            guard let path = paths[index] else { continue }  // a separator
            let className = String(file.name.dropLast(".json".count))
            let objects = try SeedError.wrap(path) { try SeedImporter.objects(in: file.bytes) }
            for object in objects {
                let record = try SeedError.wrap(path) {
                    try SeedImporter.record(from: object, className: className, now: now)
                }
                let key = className + "/" + record.objectId
                if let first = origins[key] {
                    throw SeedError(path: path, reason: first == path
                        ? "objectId \(record.objectId) appears twice in \(className)"
                        : "objectId \(record.objectId) of \(className) is also in \(first); an objectId may be seeded once")
                }
                origins[key] = path
                seed.records.append(try SeedError.wrap(path) { try hashingPassword(of: record) })
            }
        }
        seed.provenance = provenance
        return SeedImageCache.storing(seed)
    }

    /// Seed files hold `_User` passwords in clear (they are documented test credentials); the
    /// database only ever holds their hash (docs/seed.md), computed once at load time.
    static func hashingPassword(of record: ObjectRecord) throws -> ObjectRecord {
        guard record.className == LCClassName.user, let password = record.fields[LCFieldName.password] else { return record }
        guard let text = password.stringValue, !text.allSatisfy(\.isWhitespace) else {
            throw ImportError("a _User password must be a non-blank string")
        }
        var hashed = record
        UserPassword.NewPassword(plain: text).set(into: &hashed.fields)  // the main and the /api hash
        return hashed
    }

    /// Writes every record, and records what was loaded (`SeedProvenance.record`) so a later
    /// start can tell whether the seed changed; the caller provides the transaction.
    public func insert(into db: Database) throws {
        for record in records { try ObjectStore.insert(record, in: db) }
        for name in emptyClasses { try ObjectStore.ensureClass(name, now: emptyClassesCreatedAt, in: db) }
        try provenance.record(in: db)
    }

    /// `insert` into a database never filled, which it then marks filled (`SeedProvenance`), so
    /// no later start loads a seed over it: a start's fresh database and `import --with-seed`.
    public func fill(_ db: Database, at now: LCDate) throws {
        try insert(into: db)
        try SeedProvenance.markFilled(db, at: now.iso)
    }
}

// MARK: - Credentials

extension SeedData {
    /// Checks that the user a `credentials.json` names is in this seed, with that password (and
    /// email, when the file gives one): an example's credentials cannot drift from its seed.
    public func checkCredentials(_ credentials: CredentialsFile, path: String) throws {
        let users = records.filter { $0.className == LCClassName.user }
        guard let user = users.first(where: { $0.fields[LCFieldName.username]?.stringValue == credentials.username }) else {
            throw ConfigurationError("credentials file \(path): user '\(credentials.username)' is not in the app's seed")
        }
        if let email = credentials.email, user.fields[LCFieldName.email]?.stringValue != email {
            throw ConfigurationError("credentials file \(path): the seed's user '\(credentials.username)' has another email")
        }
        guard PasswordVerdict(user: user, plain: credentials.password).matches else {
            throw ConfigurationError("credentials file \(path): the seed's user '\(credentials.username)' has another password")
        }
    }
}

/// A seed file that could not be read, with the file named.
package struct SeedError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    package var description: String { "seed file \(path): \(reason)" }

    static func wrap<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw SeedError(path: path, reason: "\(error)") }
    }
}

// MARK: - SeedLocator

/// Finds the seed directory when none is named, so `swift run lcemu serve` starts seeded from
/// anywhere in the checkout, and the Docker image finds the copy it ships.
public enum SeedLocator {
    /// The first of: `./seed`, the checkout's `seed/` (known at build time), `/usr/share/lcemu/seed`.
    public static func defaultDirectory() -> String? {
        let checkout = checkoutRoot(of: URL(fileURLWithPath: #filePath)).appendingPathComponent("seed").path
        let candidates = ["seed", checkout, "/usr/share/lcemu/seed"]
        return candidates.first { FileStatus.isDirectory($0) == true }
    }

    /// The folder holding `Sources/`: found by name, so moving this file keeps the seed found.
    private static func checkoutRoot(of file: URL) -> URL {
        var url = file.deletingLastPathComponent()
        while url.lastPathComponent != "Sources", url.pathComponents.count > 1 { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent()
    }
}
