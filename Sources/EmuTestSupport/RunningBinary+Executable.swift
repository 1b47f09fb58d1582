import Foundation

extension RunningBinary {
    /// The `lcemu` built with this test bundle. `swift test` builds it because this target depends
    /// on `LCEmuCLI`, next to the test executable (Linux: `.build/<triple>/debug/`, where the
    /// `.xctest` is itself the executable; macOS: beside the `.xctest` bundle). `LCEMU_BINARY`
    /// overrides, e.g. to test a release build.
    public static func executable() throws -> URL {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["LCEMU_BINARY"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        #if os(Linux)
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(me.deletingLastPathComponent().appendingPathComponent("lcemu"))
        #endif
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("lcemu"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("lcemu"))
        // Last resort: the package's default build directory, found from this file.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/lcemu"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw BinaryError("no lcemu executable; looked at \(candidates.map(\.path).joined(separator: ", "))")
        }
        return found
    }
}
