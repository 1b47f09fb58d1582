import Foundation

/// A fresh directory under the system's temporary directory, deleted with everything in it when
/// released: for data directories, config files and fixtures in tests.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let file = try directory.write("apps.json", "{\"apps\":[]}")
/// ```
public final class TemporaryDirectory {
    public let url: URL
    public var path: String { url.path }

    public init(prefix: String = "lcemu-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory (nothing is created).
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` inside the directory and returns the file's path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }
}
