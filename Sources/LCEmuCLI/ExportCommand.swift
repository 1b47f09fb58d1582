import ArgumentParser
import EmuAPI
import Primitives

/// `lcemu export`: write a class as `{"results":[…]}` (docs/import-export.md).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the objects of a class as {\"results\":[...]}, in insertion order, with their ACLs.")

    @Option(name: .customLong("class"), help: "Class to export.")
    var className: String

    @Option(help: ArgumentHelp("File to write; - for standard output. (default: standard output)", valueName: "file"))
    var out: String?

    @OptionGroup var progressOptions: ProgressOptions

    @OptionGroup var options: AppDataOptions

    func run() throws {
        let store = try options.open(create: false)
        defer { try? store.close() }
        let meter = progressOptions.meter(verb: "exporting", total: try store.objectCount(className: className))
        let records: [ObjectRecord]
        do {
            defer { meter?.finish() }
            records = try store.exportRecords(className: className) { meter?.update($0) }
        }
        let destination = out ?? "-"
        try ExportFile.write(ExportDocument.serialize(records), to: destination)
        let place = ExportFile.place(destination)
        StandardStream.error.write("lcemu: exported \(records.count) objects of \(className) (app \(store.appId)) to \(place)\n")
    }
}
