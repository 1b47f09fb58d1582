import ArgumentParser
import EmuAPI
import Foundation
import LCWire
import Primitives

/// `lcemu import`: load a JSON export or a WordPress export into a class of an app's database
/// (docs/import-export.md). The work is `AppDataFile`'s; this only parses and reports.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import objects from a JSON file, or posts from a WordPress export, into a class.",
        discussion: """
            FILE holds a JSON array of objects or an export {"results":[...]}; objectId, createdAt, \
            updatedAt and ACL are kept when present. Everything is written in one transaction. \
            A running server on the same --data sees the objects as soon as the import ends.
            """)

    @Argument(help: "JSON file to import (an array of objects or {\"results\":[...]}).")
    var file: String?

    @Option(name: .customLong("class"), help: "Class to import into. (default: FILE's name without .json; Post with --wordpress)")
    var className: String?

    @Option(help: ArgumentHelp("Import the posts of this WordPress export (WXR) file instead.", valueName: "file.xml"))
    var wordpress: String?

    @Flag(help: "Overwrite objects whose objectId is already in the class (default: refuse and name the id).")
    var replace = false

    @OptionGroup var options: AppDataOptions

    func validate() throws {
        switch (file, wordpress) {
        case (nil, nil): throw ValidationError("name a JSON FILE to import, or --wordpress FILE.xml")
        case (.some, .some): throw ValidationError("give either a JSON FILE or --wordpress FILE.xml, not both")
        default: break
        }
    }

    func run() throws {
        let target = try targetClass()
        let store = try options.open(create: true)
        defer { try? store.close() }
        if let wordpress {
            let (report, export) = try store.importWordPressFile(path: wordpress, into: target, replace: replace)
            let skipped = export.skippedCount == 0 ? "" : "; skipped \(export.skippedCount) items (\(export.skippedSummary))"
            StandardStream.error.write("lcemu: imported \(describe(report, noun: "posts", appId: store.appId))\(skipped)\n")
        } else if let file {
            let report = try store.importJSONFile(path: file, into: target, replace: replace)
            StandardStream.error.write("lcemu: imported \(describe(report, noun: "objects", appId: store.appId))\n")
        }
    }

    /// `--class`, else Post for WordPress, else the JSON file's name (as for seed files).
    private func targetClass() throws -> String {
        if let className { return className }
        if wordpress != nil { return "Post" }
        let name = URL(fileURLWithPath: file ?? "").deletingPathExtension().lastPathComponent
        guard LCNames.isValidClassName(name) else {
            throw ValidationError("'\(name)' (from the file name) is not a class name: name the class with --class")
        }
        return name
    }

    /// `40 objects into Post (app lcemu-dev-app-id)`, with the replaced ones when any.
    private func describe(_ report: ImportReport, noun: String, appId: String) -> String {
        let replaced = report.replaced == 0 ? "" : ", \(report.replaced) of them replaced"
        return "\(report.total) \(noun) into \(report.className) (app \(appId))\(replaced)"
    }
}
