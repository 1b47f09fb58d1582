import Foundation
import Testing

/// LCClient ships inside users' apps: it must never import the emulator's server modules.
struct ModuleBoundaryTests {
    @Test func clientSources_importOnlyFoundationAndLCWire() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/LCClient").standardizedFileURL
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 10)
        let allowed: Set<String> = ["Foundation", "FoundationNetworking", "LCWire"]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@_exported import ") {
                let module = line.split(separator: " ").last.map(String.init) ?? ""
                #expect(allowed.contains(module), "\(file.lastPathComponent) imports \(module)")
            }
        }
    }
}
