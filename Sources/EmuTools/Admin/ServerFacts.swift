#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the dashboard's Overview says about the server itself (`GET /__admin/status`): its
/// version and where its data lives. Fixed for the life of the server.
package struct ServerFacts: Sendable {
    /// `lcemu --version`; nil when the embedder (a test) set none.
    package let version: String?
    /// The data directory as an absolute path (a relative `--data` resolved against the working
    /// directory at start), or `:memory:`.
    package let dataDirectory: String

    package init(version: String?, dataDirectory: String) {
        self.version = version
        self.dataDirectory = Self.absolute(dataDirectory)
    }

    static func absolute(_ path: String) -> String {
        guard path != ":memory:", !path.hasPrefix("/") else { return path }
        let resolved = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        return resolved.standardizedFileURL.path
    }
}
