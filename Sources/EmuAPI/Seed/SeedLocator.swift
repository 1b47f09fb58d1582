import Foundation

/// Finds the seed directory when none is named, so `swift run lcemu serve` starts seeded from
/// anywhere in the checkout, and the Docker image finds the copy it ships.
public enum SeedLocator {
    /// The first of: `./seed`, the checkout's `seed/` (known at build time), `/usr/share/lcemu/seed`.
    public static func defaultDirectory() -> String? {
        let checkout = URL(fileURLWithPath: #filePath)  // …/Sources/EmuAPI/Seed/SeedLocator.swift
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("seed").path
        let candidates = ["seed", checkout, "/usr/share/lcemu/seed"]
        return candidates.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
