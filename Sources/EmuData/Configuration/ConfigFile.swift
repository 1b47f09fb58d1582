import Foundation
import LCWire

/// The `--config` file: the apps one emulator serves, each with its keys and options
/// (docs/configuration.md).
///
/// ```json
/// {"apps": [
///   {"appId": "blog", "appKey": "blog-key", "masterKey": "blog-master", "options": {"signMaxSkewSeconds": 300}},
///   {"appId": "shop", "appKey": "shop-key", "masterKey": "shop-master"}
/// ]}
/// ```
///
/// Unknown keys, at any level, are errors: a typo must not silently leave a default in place.
public enum ConfigFile {
    /// Keys of the top-level object.
    static let topLevelKeys = ["apps"]
    /// Keys of one app.
    static let appKeys = ["appId", "appKey", "masterKey", "options", "routes"]

    /// Reads and validates the file; errors start with `config file <path>:`.
    public static func load(path: String) throws -> [AppConfiguration] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("config file \(path): cannot be read (missing or not a file)")
        }
        do {
            // A relative `routes` is read from the config file's folder, wherever lcemu starts.
            let folder = (path as NSString).deletingLastPathComponent
            return try parse(Array(data)).map { app in
                var app = app
                if let routes = app.routesPath, !routes.hasPrefix("/") {
                    app.routesPath = (folder.isEmpty ? routes : (folder as NSString).appendingPathComponent(routes))
                }
                return app
            }
        } catch let error as ConfigurationError {
            throw ConfigurationError("config file \(path): \(error.description)")
        }
    }

    /// Parses and validates the text of a config file.
    public static func parse(_ bytes: [UInt8]) throws -> [AppConfiguration] {
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch { throw ConfigurationError("not valid JSON: \(error)") }
        guard let root = json.objectValue else { throw ConfigurationError("expected an object {\"apps\":[...]}") }
        try rejectUnknownKeys(root, known: topLevelKeys)
        guard let list = root["apps"] else { throw ConfigurationError("missing \"apps\"") }
        guard let entries = list.arrayValue, !entries.isEmpty else {
            throw ConfigurationError("\"apps\" must be a non-empty array of apps")
        }
        var apps: [AppConfiguration] = []
        for (index, entry) in entries.enumerated() {
            do {
                apps.append(try app(from: entry))
            } catch let error as ConfigurationError {
                throw error.at("apps[\(index)]")
            }
        }
        try AppConfiguration.validate(apps)
        return apps
    }

    /// One element of `apps`.
    static func app(from entry: JSON) throws -> AppConfiguration {
        let object = try ConfigValue.object(entry)
        try rejectUnknownKeys(object, known: appKeys)
        func required(_ key: String) throws -> String {
            guard let value = object[key] else { throw ConfigurationError("missing \"\(key)\"") }
            do { return try ConfigValue.string(value) } catch let error as ConfigurationError { throw error.at(key) }
        }
        let appId = try required("appId"), appKey = try required("appKey"), masterKey = try required("masterKey")
        var options = AppOptions()
        if let value = object["options"] {
            do {
                options = try AppOptions(json: ConfigValue.object(value))
            } catch let error as ConfigurationError {
                throw error.at("options")
            }
        }
        var app = AppConfiguration(appId: appId, appKey: appKey, masterKey: masterKey, options: options)
        if object["routes"] != nil { app.routesPath = try required("routes") }
        try app.validate()
        return app
    }

    static func rejectUnknownKeys(_ object: JSONObject, known: [String]) throws {
        for key in object.keys where !known.contains(key) {
            throw ConfigurationError("unknown key '\(key)' (known: \(known.joined(separator: ", ")))")
        }
    }
}

// MARK: - ConfigValue

/// Typed reads of config file values, each failing with a message that says what was expected.
enum ConfigValue {
    static func string(_ value: JSON) throws -> String {
        guard let text = value.stringValue else { throw ConfigurationError("expected a string, got \(value.jsonString)") }
        return text
    }

    /// A number of seconds: finite, not negative, at most a day; zero only where it means "off".
    static func seconds(_ value: JSON, allowZero: Bool) throws -> Double {
        guard case .number(let seconds) = value else {
            throw ConfigurationError("expected a number of seconds, got \(value.jsonString)")
        }
        let lower = allowZero ? "0" : "more than 0"
        guard seconds.isFinite, seconds >= 0, allowZero || seconds > 0, seconds <= 86_400 else {
            throw ConfigurationError("must be \(lower) and at most 86400 seconds, got \(value.jsonString)")
        }
        return seconds
    }

    static func object(_ value: JSON) throws -> JSONObject {
        guard let object = value.objectValue else { throw ConfigurationError("expected an object, got \(value.jsonString)") }
        return object
    }
}

// MARK: - ConfigurationError

/// A configuration that cannot be used, with a one-line message naming what is wrong and where
/// (the CLI prints it and exits with status 64).
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    /// What is wrong, without the location.
    public let reason: String
    /// Where in a config file, e.g. `apps[1].options.signMaxSkewSeconds`; nil when not in a file.
    public private(set) var location: String?

    public init(_ reason: String) { self.reason = reason }

    public var description: String { location.map { "\($0): \(reason)" } ?? reason }

    /// The same error one level further out: `options` + `signMaxSkewSeconds` → `options.signMaxSkewSeconds`.
    func at(_ component: String) -> ConfigurationError {
        var error = self
        error.location = location.map { component + ($0.hasPrefix("[") ? "" : ".") + $0 } ?? component
        return error
    }
}
