import EmuData
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// Reads `--routes`: one JSON file, or every `*.json` file of a folder in name order. A file holds
/// an array of routes, `{"routes": [...]}`, or one route. Routes without an `id` are named
/// `<file name>-<position>`. Any error fails the whole load, naming file, route and field.
enum RouteFileLoader {
    /// - Parameter dataDirectory: the emulator's (`--data`), whose files no route serves.
    static func load(_ path: String, dataDirectory: String?) throws -> [CustomRoute] {
        var routes: [CustomRoute] = []
        var seen: [String: String] = [:]
        for file in try files(at: path) {
            for route in try load(file: file, dataDirectory: dataDirectory) {
                if let other = seen[route.id] {
                    throw RouteFileError(path: file, reason: "route '\(route.id)': id: also defined in \(other)")
                }
                seen[route.id] = file
                routes.append(route)
            }
        }
        guard routes.count <= CustomRouteLimits.maxRoutes else {
            throw RouteFileError(path: path, reason: "\(routes.count) routes, over the limit of \(CustomRouteLimits.maxRoutes)")
        }
        return routes
    }

    /// The routes folder of `--routes`: the folder itself, or the one holding the file. A route's
    /// `bodyFile` is read from there, and never from outside it (`BodyFile`); routes added over
    /// HTTP read from it only when `--routes` names a folder (`RoutesFolder.besideARouteFile`).
    static func folder(of path: String) -> String {
        guard FileStatus.isDirectory(path) == false else { return path }
        let parent = PathText.parent(of: path)
        return parent.isEmpty ? "." : parent
    }

    static func isFolder(_ path: String) -> Bool {
        FileStatus.isDirectory(path) == true
    }

    /// The file itself, or the folder's `*.json` files sorted by name.
    static func files(at path: String) throws -> [String] {
        guard let isDirectory = FileStatus.isDirectory(path) else {
            throw RouteFileError(path: path, reason: "no such file or folder")
        }
        guard isDirectory else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            .map { PathText.join(path, $0) }
    }

    static func load(file: String, dataDirectory: String?) throws -> [CustomRoute] {
        let size = FileStatus.size(file) ?? 0
        guard size <= CustomRouteLimits.maxFileBytes else {
            throw RouteFileError(path: file, reason: "\(size) bytes, over the \(CustomRouteLimits.maxFileBytes)-byte limit")
        }
        guard let data = FileManager.default.contents(atPath: file) else { throw RouteFileError(path: file, reason: "cannot be read") }
        let json: JSON
        do { json = try JSONParser.parse(Array(data)) } catch { throw RouteFileError(path: file, reason: "not valid JSON: \(error)") }
        let stem = PathText.deletingExtension(of: PathText.lastComponent(of: file))
        // The file's folder is the routes folder: `--routes` names it, or a file directly in it.
        let folder = RoutesFolder(Self.folder(of: file), dataDirectory: dataDirectory)
        do {
            return try definitions(in: json).enumerated().map { index, definition in
                try CustomRoute(json: definition, fallbackId: "\(stem)-\(index + 1)", source: file, routesFolder: folder)
            }
        } catch let error as RouteDefinitionError {
            throw RouteFileError(path: file, reason: error.description)
        }
    }

    /// An array, `{"routes": [...]}`, or one route object.
    static func definitions(in json: JSON) throws -> [JSON] {
        if let list = json.arrayValue { return list }
        if let object = json.objectValue, object.keys == ["routes"] {
            guard let list = object["routes"]?.arrayValue else { throw RouteDefinitionError(field: "routes", "expected an array of routes") }
            return list
        }
        guard json.objectValue != nil else { throw RouteDefinitionError(field: "", "expected an array of routes, {\"routes\": [...]}, or one route") }
        return [json]
    }

    /// What the files looked like: each file's size and modification time, and the folder's list.
    /// A change in any of them means "load again".
    static func fingerprint(_ path: String) -> [String] {
        let files = (try? files(at: path)) ?? []
        return files.map { file in
            "\(file)|\(FileStatus.size(file) ?? -1)|\(FileStatus.modificationNanoseconds(file) ?? 0)"
        }
    }
}
