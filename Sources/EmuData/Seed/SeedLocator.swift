import Foundation

/// Finds the seed directory when none is named, so `swift run lcemu serve` starts seeded from
/// anywhere in the checkout, and the Docker image finds the copy it ships.
public enum SeedLocator {
    /// The first of: `./seed`, the checkout's `seed/` (known at build time), `/usr/share/lcemu/seed`.
    public static func defaultDirectory() -> String? {
        let checkout = checkoutRoot(of: URL(fileURLWithPath: #filePath)).appendingPathComponent("seed").path
        let candidates = ["seed", checkout, "/usr/share/lcemu/seed"]
        return candidates.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// The folder holding `Sources/`: found by name, so moving this file keeps the seed found.
    private static func checkoutRoot(of file: URL) -> URL {
        var url = file.deletingLastPathComponent()
        while url.lastPathComponent != "Sources", url.pathComponents.count > 1 { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent()
    }
}
