import Foundation

/// The path of the program `name` on the `PATH`, as a shell would find it; nil when none is
/// installed (a test that needs it is then skipped, saying so).
public func executableOnPath(_ name: String) -> String? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
