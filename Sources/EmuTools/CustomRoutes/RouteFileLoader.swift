import EmuData
import EmuRouting
import Foundation
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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return path }
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The file itself, or the folder's `*.json` files sorted by name.
    static func files(at path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RouteFileError(path: path, reason: "no such file or folder")
        }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            .map { (path as NSString).appendingPathComponent($0) }
    }

    static func load(file: String, dataDirectory: String?) throws -> [CustomRoute] {
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= CustomRouteLimits.maxFileBytes else {
            throw RouteFileError(path: file, reason: "\(size) bytes, over the \(CustomRouteLimits.maxFileBytes)-byte limit")
        }
        guard let data = FileManager.default.contents(atPath: file) else { throw RouteFileError(path: file, reason: "cannot be read") }
        let json: JSON
        do { json = try JSONParser.parse(Array(data)) } catch { throw RouteFileError(path: file, reason: "not valid JSON: \(error)") }
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
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
            let attributes = (try? FileManager.default.attributesOfItem(atPath: file)) ?? [:]
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(file)|\((attributes[.size] as? NSNumber)?.intValue ?? -1)|\(modified)"
        }
    }
}
