import ArgumentParser
import EmuAPI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire
import Primitives

/// `exec --import` and `exec --export-on-exit`: the default app's data read before the command and
/// written after it (docs/configuration.md, "lcemu exec").
extension ExecCommand {
    /// `--import` names something that exists; `--export-on-exit` a file (or `-`) in a directory
    /// that exists: checked before the emulator starts, as usage errors (exit 64).
    func validateTransferPaths() throws {
        if let importPath, !FileManager.default.fileExists(atPath: importPath) {
            throw ValidationError("--import: no file or folder at '\(importPath)'")
        }
        if let exportOnExit, exportOnExit != "-" {
            if FileStatus.isDirectory(exportOnExit) == true {
                throw ValidationError("--export-on-exit: '\(exportOnExit)' is a directory; name a file")
            }
            let directory = URL(fileURLWithPath: exportOnExit).deletingLastPathComponent().path
            guard FileStatus.isDirectory(directory) == true else {
                throw ValidationError("--export-on-exit: no directory \(directory) to write '\(exportOnExit)' in")
            }
        }
    }

    /// `--import`: an export file or a seed folder, recorded as imported (a reset returns to it).
    static func loadImport(_ path: String) throws -> SeedData {
        do {
            var data = try SeedData.load(importing: path, now: .now())
            data.provenance = .imported(path)
            return data
        } catch let error as TransferError {
            throw CommandFailure("--import: \(error.description)")
        } catch {
            throw CommandFailure("--import: \(path): \(error)")
        }
    }

    /// Writes the default app's data; false (after one line on stderr) when it cannot.
    func export(_ emulator: StartedEmulator, to destination: String) -> Bool {
        let appId = emulator.defaultApp.appId
        do {
            guard let app = emulator.server.app(appId) else { throw CommandFailure("no app \(appId)") }
            let document = try app.exportDocument()
            try ExportFile.write(document.bytes, to: destination)
            if !quiet {
                StandardStream.error.write("lcemu: exported \(document.objects) objects in \(document.classes) classes (app \(appId)) to \(ExportFile.place(destination))\n")
            }
            return true
        } catch {
            StandardStream.error.write("lcemu: --export-on-exit: \(error)\n")
            return false
        }
    }
}
