import Foundation
import LCWire

/// Reading the files `lcemu import` takes; every error names the file.
public enum ImportFile {
    /// The bytes of `path`.
    static func contents(of path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TransferError("\(path): no such file")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw TransferError("\(path): cannot be read (a directory, or no permission)")
        }
        return Array(data)
    }

    /// The objects of a JSON file: an array of objects, or an export `{"results":[…]}`.
    public static func jsonObjects(path: String) throws -> [JSONObject] {
        let bytes = try contents(of: path)
        do {
            return try SeedImporter.objects(in: bytes)
        } catch let error as JSONParseError {
            throw TransferError("\(path): not valid JSON: \(error)")
        } catch {
            throw TransferError("\(path): \(error)")
        }
    }

    /// Runs `body`, putting the file name in front of a transfer error that lacks it.
    static func naming<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TransferError where !error.description.hasPrefix(path + ":") {
            throw TransferError("\(path): \(error.description)")
        }
    }
}

extension AppDataFile {
    /// Imports a JSON file (an array of objects or `{"results":[…]}`) into `className`.
    @discardableResult
    public func importJSONFile(path: String, into className: String, replace: Bool = false) throws -> ImportReport {
        try ImportFile.naming(path) {
            try importObjects(ImportFile.jsonObjects(path: path), into: className, replace: replace)
        }
    }

    /// Imports the posts of a WordPress export (WXR) into `className`; other items are skipped
    /// and counted in the returned export.
    public func importWordPressFile(path: String, into className: String, replace: Bool = false) throws
        -> (report: ImportReport, export: WordPressExport)
    {
        try ImportFile.naming(path) {
            let export = try WordPressExport.parse(ImportFile.contents(of: path))
            return (try importObjects(export.posts, into: className, replace: replace), export)
        }
    }
}
