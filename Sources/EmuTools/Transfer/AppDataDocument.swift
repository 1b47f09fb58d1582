import EmuData
import EmuRouting
import EmuSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// Every class of an app in one file, each as `lcemu export --class` writes it:
///
/// ```
/// {"classes":{
/// "Post":{"results":[
/// {"title":"Hello","objectId":"65a1f0c0e4b0a1d2c3f50001",…},
/// {"title":"Draft","objectId":"65a1f0c0e4b0a1d2c3f50002",…}
/// ]},
/// "Tag":{"results":[]}
/// }}
/// ```
///
/// Classes by name, objects in insertion order, one per line. `lcemu exec --export-on-exit`
/// writes it and `--import` reads it back (docs/configuration.md).
public enum AppDataDocument {
    /// One class and its objects, in insertion order.
    public typealias ClassRecords = (className: String, records: [ObjectRecord])

    /// The document's text.
    public static func serialize(_ classes: [ClassRecords]) -> [UInt8] {
        guard !classes.isEmpty else { return Array("{\"classes\":{}}\n".utf8) }
        var bytes = Array("{\"classes\":{\n".utf8)
        for (index, entry) in classes.enumerated() {
            if index > 0 { bytes += Array(",\n".utf8) }
            bytes += JSON.string(entry.className).serialized() + Array(":".utf8)
            bytes += ExportDocument.serialize(entry.records).dropLast()  // its final newline
        }
        bytes += Array("\n}}\n".utf8)
        return bytes
    }

    /// Every class of the database with its objects, classes by name.
    public static func classes(in db: Database) throws -> [ClassRecords] {
        try classNames(in: db).map { ($0, try records(ofClass: $0, in: db)) }
    }

    /// The names of the classes ever written to, sorted.
    static func classNames(in db: Database) throws -> [String] {
        try db.query("SELECT name FROM classes ORDER BY name").compactMap { $0.first?.textValue }
    }

    /// The objects of one class, in insertion order.
    static func records(ofClass className: String, in db: Database, progress: ((Int) -> Void)? = nil) throws -> [ObjectRecord] {
        var records: [ObjectRecord] = []
        try db.query("SELECT \(ObjectStore.columns) FROM objects WHERE class = ? ORDER BY rowid", [.text(className)]) { row in
            records.append(try ObjectStore.record(fromQueryRow: row, className: className))
            progress?(records.count)
        }
        return records
    }

    /// Whether `json` is such a document (an object with `classes`), not one class's export.
    static func isDocument(_ json: JSON) -> Bool {
        json.objectValue?["classes"] != nil
    }

    /// The initial data of a parsed document, checked as `lcemu import` checks a file, all of it
    /// before anything is written: records in document order, and the classes without objects.
    static func seed(from json: JSON, now: LCDate) throws -> SeedData {
        guard let classes = json.objectValue?["classes"]?.objectValue else {
            throw TransferError("\"classes\" must be an object of classes, like {\"classes\":{\"Post\":{\"results\":[...]}}}")
        }
        var records: [ObjectRecord] = []
        var empty: [String] = []
        for (className, value) in classes {
            guard LCNames.isValidClassName(className) else {
                throw TransferError("invalid class name '\(className)': a letter, then letters, digits or _")
            }
            do {
                let objects = try SeedImporter.objects(in: value)
                records += try AppDataFile.records(from: objects, className: className, now: now)
                if objects.isEmpty { empty.append(className) }
            } catch let error as ImportError {
                throw TransferError("class \(className): \(error.description)")
            } catch let error as TransferError {
                throw TransferError("class \(className): \(error.description)")
            }
        }
        return SeedData(records: records, emptyClasses: empty, now: now)
    }
}

extension SeedData {
    /// The initial data in `path`, for `lcemu exec --import`: a seed folder (`<Class>.json` files,
    /// `_User` passwords in clear, hashed here as for the seed), a whole-app document
    /// (`AppDataDocument`), or one class's export or array of objects, the class named by the
    /// file (`Post.json`) as for `lcemu import`. Errors name the file.
    public static func load(importing path: String, now: LCDate) throws -> SeedData {
        guard let isDirectory = FileStatus.isDirectory(path) else {
            throw TransferError("\(path): no such file or directory")
        }
        if isDirectory {
            do {
                return try load(directory: path, now: now)
            } catch let error as SeedError {
                throw TransferError(error.description)
            }
        }
        return try ImportFile.naming(path) {
            let json: JSON
            do {
                json = try JSONParser.parse(ImportFile.contents(of: path))
            } catch let error as JSONParseError {
                throw TransferError("not valid JSON: \(error)")
            }
            if AppDataDocument.isDocument(json) { return try AppDataDocument.seed(from: json, now: now) }
            let className = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            guard LCNames.isValidClassName(className) else {
                throw TransferError("'\(className)' (from the file name) is not a class name: name the file <Class>.json, "
                    + "or give a document {\"classes\":{...}}")
            }
            let objects: [JSONObject]
            do {
                objects = try SeedImporter.objects(in: json)
            } catch let error as ImportError {
                throw TransferError(error.description)
            }
            let records = try AppDataFile.records(from: objects, className: className, now: now)
            return SeedData(records: records, emptyClasses: objects.isEmpty ? [className] : [], now: now)
        }
    }
}

extension AppRuntime {
    /// The app's every class as an `AppDataDocument`, read in one transaction, with the number
    /// of classes and objects written.
    public func exportDocument() throws -> (bytes: [UInt8], classes: Int, objects: Int) {
        let classes = try database.read { db in try AppDataDocument.classes(in: db) }
        let objects = classes.reduce(0) { $0 + $1.records.count }
        return (AppDataDocument.serialize(classes), classes.count, objects)
    }
}
