import EmuData
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// A route's `bodyFile`: a path relative to its routes folder, which it never leaves. Written
/// paths that are absolute, step up (`..`) or name a hidden file or folder (`.env`, `.git`, the
/// data directory `.lcemu`) are refused; what remains is resolved with its symlinks and must still
/// lie inside the folder (resolved too), and be neither a database file (`*.sqlite3`, `*.db`)
/// nor inside the data directory (`--data ./data` within the folder). Checked when the route is defined and again at every
/// read, since files change while the emulator runs. Another local process that can swap files
/// in the folder between the check and the read could read them itself: no wider promise.
struct BodyFile: Sendable {
    /// As written, relative to `folder`.
    let path: String
    /// The routes folder as given (`--routes`, the config file's `routes`).
    let folder: String
    /// Never served from, though inside the folder (`RoutesFolder.dataDirectory`).
    let dataDirectory: String?
    /// Names of the emulator's databases and journals: never served, wherever they lie.
    static let databaseExtensions = [".sqlite3", ".sqlite3-wal", ".sqlite3-shm", ".db"]

    /// Why a file cannot be served, worded for the route's definition error and the 500 alike:
    /// it never names the folder's own path, which a 500 would show to any caller.
    struct Refusal: Error {
        let reason: String
    }

    init(_ written: String, in routes: RoutesFolder) throws(Refusal) {
        guard let folder = routes.path else { throw Refusal(reason: routes.unavailable) }
        guard !written.isEmpty, !written.hasPrefix("/"), !written.hasPrefix("\\") else {
            throw Refusal(reason: "'\(written)' must be a path relative to the routes folder")
        }
        for component in written.split(whereSeparator: { $0 == "/" || $0 == "\\" }) where component != "." {
            guard component != ".." else { throw Refusal(reason: "'\(written)' leaves the routes folder (no '..')") }
            guard !component.hasPrefix(".") else { throw Refusal(reason: "'\(written)' names a hidden file or folder") }
        }
        path = written
        self.folder = folder
        dataDirectory = routes.dataDirectory
        _ = try resolved()
    }

    /// The file's real path, checked now: inside the routes folder once symlinks are resolved, a
    /// regular file, within the body limit.
    func resolved() throws(Refusal) -> String {
        guard let root = Self.realPath(folder) else { throw Refusal(reason: "the routes folder cannot be resolved") }
        guard let file = Self.realPath(PathText.join(root, path)) else {
            throw Refusal(reason: "no file '\(path)' in the routes folder")
        }
        guard Self.isInside(file, root) else {
            throw Refusal(reason: "'\(path)' leads outside the routes folder (a symlink)")
        }
        let names = [path, file].map { $0.lowercased() }
        if names.contains(where: { name in Self.databaseExtensions.contains { name.hasSuffix($0) } })
            || dataDirectory.flatMap(Self.realPath).map({ Self.isInside(file, $0) }) == true {
            throw Refusal(reason: "'\(path)' is a database or inside the data directory, never served")
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              attributes[.type] as? FileAttributeType == .typeRegular else {
            throw Refusal(reason: "'\(path)' is not a regular file")
        }
        let size = FileStatus.size(file) ?? 0
        guard size <= CustomRouteLimits.maxBodyBytes else {
            throw Refusal(reason: "'\(path)' is \(size) bytes, over the \(CustomRouteLimits.maxBodyBytes)-byte limit")
        }
        return file
    }

    /// The file's bytes, after the same checks as when the route was defined.
    func read() throws(Refusal) -> [UInt8] {
        let file = try resolved()
        guard let data = FileManager.default.contents(atPath: file), data.count <= CustomRouteLimits.maxBodyBytes else {
            throw Refusal(reason: "'\(path)' cannot be read or is over \(CustomRouteLimits.maxBodyBytes) bytes")
        }
        return Array(data)
    }

    private static func isInside(_ file: String, _ folder: String) -> Bool {
        file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

// MARK: - RoutesFolder

/// Where an app's routes read their `bodyFile`s from, and what they never serve even there.
struct RoutesFolder: Sendable {
    /// The folder as given; nil when no file may be read, `unavailable` says why.
    let path: String?
    let unavailable: String
    /// The emulator's data directory (`--data`), nil in memory: its files (the live databases)
    /// are never served, even when the routes folder holds it.
    let dataDirectory: String?

    init(_ path: String, dataDirectory: String?) {
        self.path = path
        self.dataDirectory = dataDirectory == ":memory:" ? nil : dataDirectory
        unavailable = ""
    }

    private init(unavailable: String) {
        path = nil
        self.unavailable = unavailable
        dataDirectory = nil
    }

    /// No `--routes`: nothing may be read.
    static let noFolder = RoutesFolder(unavailable: "this app has no routes folder to read it from (start with --routes <folder>; a route added over HTTP reads files only from there)")

    /// `--routes` names a file: its routes read files beside it, but a route added over HTTP (by
    /// anyone holding the published master key) reads none, since that folder is often the
    /// project itself, with its data and secrets.
    static let besideARouteFile = RoutesFolder(unavailable: "a route added over HTTP reads files only when --routes names a folder, and here it names a file (start with --routes <folder>, which holds only what routes may serve)")
}
