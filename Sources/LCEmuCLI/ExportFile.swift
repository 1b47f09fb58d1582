import Foundation

/// Where `export` and `exec --export-on-exit` write: a file, replaced atomically (a temporary file
/// renamed into place), or standard output for `-`. Failures are `CommandFailure`s (exit 1).
enum ExportFile {
    static func write(_ bytes: [UInt8], to destination: String) throws {
        if destination == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try checkDirectory(of: destination)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            throw CommandFailure("\(destination): cannot be written (a directory, or no permission)")
        }
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
