import ArgumentParser
import EmuAPI
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
import Primitives

/// `lcemu import`: load a JSON export or a WordPress export into a class of an app's database
/// (docs/import-export.md). The work is `AppDataFile`'s; this parses, draws progress and reports.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import objects from a JSON file, or posts from a WordPress export, into a class.",
        discussion: """
            FILE holds a JSON array of objects or an export {"results":[...]}; objectId, createdAt, \
            updatedAt and ACL are kept when present. Everything is written in one transaction: if \
            any object is rejected, every rejection is listed (with its line) and nothing is \
            imported (exit 1), unless --continue-on-error (then exit 3 when some were rejected). \
            A running server on the same --data sees the objects as soon as the import ends. \
            Into a new database the import is its data and the seed is not loaded (a line says \
            so; a later serve says the database was created by the import); --with-seed loads \
            the seed first.
            """)

    /// Exit status of an import that wrote some objects and rejected others (`--continue-on-error`).
    static let someRejectedStatus: Int32 = 3

    @Argument(help: "JSON file to import (an array of objects or {\"results\":[...]}).")
    var file: String?

    @Option(name: .customLong("class"), help: "Class to import into. (default: FILE's name without .json; Post with --wordpress)")
    var className: String?

    @Option(help: ArgumentHelp("Import the posts of this WordPress export (WXR) file instead.", valueName: "file.xml"))
    var wordpress: String?

    @Flag(help: "Overwrite objects whose objectId is already in the class (default: reject them).")
    var replace = false

    @Flag(help: "Import the objects that can be, list the rejected ones, exit 3 if any were (default: all or nothing).")
    var continueOnError = false

    @Flag(name: .customLong("with-seed"), help: "Into a new database, load the app's seed first, then the import (default: the import alone is its data). [env: LCEMU_WITH_SEED=1]")
    var withSeed = false

    @Option(help: ArgumentHelp(
        "The seed --with-seed loads, for an app whose config file names none; repeat to merge several. [env: LCEMU_SEED, folders separated by :] (default: the project's seed/)",
        valueName: "folder"))
    var seed: [String] = []

    @OptionGroup var progressOptions: ProgressOptions

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
        let settings = try options.settings()
        let folders = try seedFolders(settings)
        let store = try options.open(create: true, settings)
        defer { try? store.close() }
        let fresh = try store.database.read { try !SeedProvenance.isFilled($0) }
        let withSeed = Environment.flag(self.withSeed, "LCEMU_WITH_SEED")
        if withSeed, !fresh {
            throw CommandFailure("--with-seed: the database of app \(store.appId) already has data; the seed loads only into a new database")
        }
        let seeded = withSeed ? try loadSeed(folders, into: store) : nil
        let importOptions = ImportOptions(replace: replace, continueOnError: continueOnError)
        let path = wordpress ?? file ?? ""
        var meter: ProgressMeter?
        let progress: (Int) -> Void = { done in meter?.update(done) }
        do {
            let summary: String
            let report: ImportReport
            if let wordpress {
                let export = try WordPressExport.parse(contents: wordpress)
                meter = progressOptions.meter(verb: "importing", total: export.posts.count)
                report = try store.importWordPress(export, from: wordpress, into: target, options: importOptions, progress: progress)
                let skipped = export.skippedCount == 0 ? "" : "; skipped \(export.skippedCount) items (\(export.skippedSummary))"
                summary = describe(report, noun: "posts", appId: store.appId) + skipped
            } else {
                let (elements, lines) = try ImportFile.jsonElements(path: path)
                meter = progressOptions.meter(verb: "importing", total: elements.count)
                var withLines = importOptions
                withLines.lines = lines
                report = try store.importElements(elements, from: path, into: target, options: withLines, progress: progress)
                summary = describe(report, noun: "objects", appId: store.appId)
            }
            meter?.finish()
            RejectionListing.print(report.rejected, file: path)
            let rejected = report.rejected.isEmpty ? "" : "; \(report.rejected.count) rejected"
            StandardStream.error.write("lcemu: imported \(summary)\(rejected)\n")
            if fresh { try saySeed(seeded, folders: folders, store: store, file: path) }
            if !report.rejected.isEmpty { throw ExitCode(Self.someRejectedStatus) }
        } catch let error as ImportRejectedError {
            meter?.finish()
            if seeded != nil { try store.database.write { try SeedProvenance.empty($0) } }
            RejectionListing.print(error.rejections, file: path)
            throw CommandFailure("\(path): \(error.rejections.count) of \(error.total) objects rejected; nothing was imported "
                + "(--continue-on-error imports the others)")
        } catch let error as TransferError {
            meter?.finish()
            if seeded != nil { try store.database.write { try SeedProvenance.empty($0) } }
            throw CommandFailure(error.description)
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
