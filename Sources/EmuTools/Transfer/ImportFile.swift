import EmuData
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// Reading the files `lcemu import` takes; every error names the file.
public enum ImportFile {
    /// The bytes of `path`.
    static func contents(of path: String) throws -> [UInt8] {
        guard let isDirectory = FileStatus.isDirectory(path) else {
            throw TransferError("\(path): no such file")
        }
        guard !isDirectory, let data = FileManager.default.contents(atPath: path) else {
            throw TransferError("\(path): cannot be read (a directory, or no permission)")
        }
        return Array(data)
    }

    /// The elements of a JSON file's array of objects (the document, or its `results`), with
    /// the line where each starts. Elements that are not objects are the import's to reject.
    public static func jsonElements(path: String) throws -> (elements: [JSON], lines: [Int]?) {
        let bytes = try contents(of: path)
        let json: JSON
        do {
            json = try JSONParser.parse(bytes)
        } catch let error as JSONParseError {
            throw TransferError("\(path): not valid JSON: \(error)")
        }
        guard let elements = SeedImporter.elements(in: json) else {
            throw TransferError("\(path): \(SeedImporter.expectedShape)")
        }
        return (elements, JSONElementLines.lines(in: bytes))
    }

    /// Runs `body`, putting the file name in front of a transfer error that lacks it.
    static func naming<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TransferError where !error.description.hasPrefix(path + ":") {
            throw TransferError("\(path): \(error.description)")
        } catch var error as ImportRejectedError where error.file == nil {
            error.file = path
            throw error
        }
    }
}

extension AppDataFile {
    /// Imports a JSON file (an array of objects or `{"results":[…]}`) into `className`.
    /// Rejections carry the line where each object starts.
    @discardableResult
    public func importJSONFile(path: String, into className: String, options: ImportOptions = ImportOptions(),
                               progress: ((Int) -> Void)? = nil) throws -> ImportReport {
        let (elements, lines) = try ImportFile.jsonElements(path: path)
        var options = options
        options.lines = lines
        return try importElements(elements, from: path, into: className, options: options, progress: progress)
    }

    /// `importElements` for the elements read from `path`: errors name the file.
    @discardableResult
    public func importElements(_ elements: [JSON], from path: String, into className: String, options: ImportOptions,
                               progress: ((Int) -> Void)? = nil) throws -> ImportReport {
        try ImportFile.naming(path) {
            try importElements(elements, into: className, options: options, progress: progress)
        }
    }

    /// Imports the posts of a WordPress export (WXR) into `className`; other items are skipped
    /// and counted in the returned export.
    public func importWordPressFile(path: String, into className: String, options: ImportOptions = ImportOptions())
        throws -> (report: ImportReport, export: WordPressExport)
    {
        let export = try WordPressExport.parse(contents: path)
        return (try importWordPress(export, from: path, into: className, options: options), export)
    }

    /// Imports the posts of a parsed WordPress export read from `path`.
    @discardableResult
    public func importWordPress(_ export: WordPressExport, from path: String, into className: String,
                                options: ImportOptions, progress: ((Int) -> Void)? = nil) throws -> ImportReport {
        try importElements(export.posts.map(JSON.object), from: path, into: className, options: options, progress: progress)
    }
}

extension WordPressExport {
    /// The export in the file at `path`; errors name the file.
    public static func parse(contents path: String) throws -> WordPressExport {
        try ImportFile.naming(path) { try parse(ImportFile.contents(of: path)) }
    }
}

// MARK: - JSONElementLines

/// The line on which each object of an import file starts, so that a rejected object can be
/// found in an editor: `object 7 (line 12)`. The parsed JSON keeps no positions, so this scans
/// the bytes once more, following strings and nesting only (the file already parsed).
///
/// The array is the document itself (`[…]`) or its `results` member (`{"results":[…]}`), as for
/// `SeedImporter.objects(in:)`.
enum JSONElementLines {
    /// One line (from 1) per element of the array of objects; nil when the document has none.
    static func lines(in bytes: [UInt8]) -> [Int]? {
        var scanner = Scanner()
        // Through a buffer pointer: a 50 MB file is one pass, without bounds checks per byte.
        return bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where scanner.consume(buffer[index], at: index, in: buffer) {
                return scanner.lines
            }
            return nil
        }
    }

    private struct Scanner {
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var rootIsObject = false
        var keyStart: Int?
        var lastKeyIsResults = false
        /// The depth inside the array of objects, once found.
        var target: Int?
        var expectElement = false

        /// Takes one byte; true once the array of objects is closed.
        @inline(__always)
        mutating func consume(_ byte: UInt8, at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 {
                    inString = false
                    if let start = keyStart { lastKeyIsResults = bytes[start..<index].elementsEqual("results".utf8) }
                    keyStart = nil
                }
                return false
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return false }
            if let target, depth == target, expectElement, byte != 0x5D {
                lines.append(line)
                expectElement = false
            }
            switch byte {
            case 0x22:  // "
                inString = true
                if rootIsObject, depth == 1, target == nil { keyStart = index + 1 }
            case 0x7B, 0x5B:  // { [
                if depth == 0 {
                    rootIsObject = byte == 0x7B
                    if byte == 0x5B { target = 1; expectElement = true }
                } else if depth == 1, byte == 0x5B, rootIsObject, target == nil, lastKeyIsResults {
                    target = 2
                    expectElement = true
                }
                depth += 1
            case 0x7D, 0x5D:  // } ]
                depth -= 1
                if let target, depth == target - 1 { return true }
            case 0x2C:  // ,
                if let target, depth == target { expectElement = true }
            default:
                break
            }
            return false
        }
    }
}
