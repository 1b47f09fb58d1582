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
        let store = try options.open(create: false, options.settings())
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

// MARK: - ExportFile

/// Where `export` and `exec --export-on-exit` write: a file, replaced atomically (a temporary file
/// renamed into place), or standard output for `-`. Failures are `CommandFailure`s (exit 1).
/// An export holds password hashes and session tokens (docs/import-export.md): the file is
/// readable by its owner only (0600) from the moment it exists, never widened afterwards.
enum ExportFile {
    static func write(_ bytes: [UInt8], to destination: String) throws {
        if destination == "-" {
            StandardStream.output.write(bytes: bytes)
            return
        }
        try checkDirectory(of: destination)
        guard writePrivately(bytes, to: destination) else {
            throw CommandFailure("\(destination): cannot be written (a directory, or no permission)")
        }
    }

    /// Writes a temporary file created with mode 0600 beside `destination`, then renames it over
    /// `destination`: no reader ever sees a half-written export, nor one open to other users.
    private static func writePrivately(_ bytes: [UInt8], to destination: String) -> Bool {
        let temporary = destination + ".lcemu-\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { return false }
        var written = 0
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let n = writeDescriptor(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                written += n
            }
            return fsync(fd) == 0
        }
        close(fd)
        guard complete, rename(temporary, destination) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// The folder that will hold `destination` must exist.
    static func checkDirectory(of destination: String) throws {
        let directory = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory) else {
            throw CommandFailure("\(destination): cannot be written: no directory \(directory)")
        }
    }

    /// `standard output` or the path, for the summary line.
    static func place(_ destination: String) -> String {
        destination == "-" ? "standard output" : destination
    }
}

/// `write(2)`, named apart from `ExportFile.write`.
private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
