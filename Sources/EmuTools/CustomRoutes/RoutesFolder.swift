import EmuData
import EmuRouting

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
