#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCWire

/// The `--config` file: the apps one emulator serves, each with its keys, options, routes and
/// seed, and optionally the server settings it fixes (docs/configuration.md).
///
/// ```json
/// {"apps": [
///   {"appId": "blog", "appKey": "blog-key", "masterKey": "blog-master", "options": {"signMaxSkewSeconds": 300},
///    "routes": "routes", "seed": ["seed", "../shared/seed"]},
///   {"appId": "shop", "appKey": "shop-key", "masterKey": "shop-master"}
///  ],
///  "server": {"port": 3000}}
/// ```
///
/// Unknown keys, at any level, are errors: a typo must not silently leave a default in place.
/// Paths (`routes`, `seed`, `credentials`, `server.data`) are relative to the file's folder.
public enum ConfigFile {
    /// Keys of the top-level object.
    static let topLevelKeys = ["apps", "server"]
    /// Keys of one app.
    static let appKeys = ["appId", "appKey", "masterKey", "options", "routes", "seed", "credentials", "hookKey", "engine"]

    /// Reads and validates the file; errors start with `config file <path>:`.
    public static func load(path: String) throws -> [AppConfiguration] {
        try loadDocument(path: path).apps
    }

    /// The apps and the server settings of the file, paths resolved against its folder.
    public static func loadDocument(path: String) throws -> ConfigDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("config file \(path): cannot be read (missing or not a file)")
        }
        do {
            // Relative paths are read from the config file's folder, wherever lcemu starts.
            let folder = PathText.parent(of: path)
            func resolved(_ relative: String) -> String {
                relative.hasPrefix("/") || folder.isEmpty ? relative : PathText.join(folder, relative)
            }
            var document = try parseDocument(Array(data))
            document.apps = document.apps.map { app in
                var app = app
                app.routesPath = app.routesPath.map(resolved)
                app.seedPaths = app.seedPaths?.map(resolved)
                app.credentialsPath = app.credentialsPath.map(resolved)
                return app
            }
            document.server.data = document.server.data.map { $0 == ":memory:" ? $0 : resolved($0) }
            for (index, app) in document.apps.enumerated() {
                do { try CredentialsFile.check(app) } catch let error as ConfigurationError { throw error.at("apps[\(index)].credentials") }
            }
            return document
        } catch let error as ConfigurationError {
            throw ConfigurationError("config file \(path): \(error.description)")
        }
    }

    /// Parses and validates the text of a config file: its apps.
    public static func parse(_ bytes: [UInt8]) throws -> [AppConfiguration] {
        try parseDocument(bytes).apps
    }

    /// Parses and validates the text of a config file.
    public static func parseDocument(_ bytes: [UInt8]) throws -> ConfigDocument {
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch { throw ConfigurationError("not valid JSON: \(error)") }
        guard let root = json.objectValue else { throw ConfigurationError("expected an object {\"apps\":[...]}") }
        try rejectUnknownKeys(root, known: topLevelKeys)
        var server = ServerSettings()
        if let value = root["server"] {
            do { server = try ServerSettings(json: ConfigValue.object(value)) } catch let error as ConfigurationError {
                throw error.at("server")
            }
        }
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
        return ConfigDocument(apps: apps, server: server)
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
        if let value = object["seed"] {
            do { app.seedPaths = try ConfigValue.paths(value) } catch let error as ConfigurationError { throw error.at("seed") }
        }
        if object["credentials"] != nil { app.credentialsPath = try required("credentials") }
        if object["hookKey"] != nil { app.hookKey = try required("hookKey") }
        if let value = object["engine"] {
            do { app.engine = try EngineSettings.read(value) } catch let error as ConfigurationError { throw error.at("engine") }
        }
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

    /// A path, or a non-empty array of them.
    static func paths(_ value: JSON) throws -> [String] {
        if let text = value.stringValue, !text.isEmpty { return [text] }
        guard let items = value.arrayValue, !items.isEmpty,
              case let texts = items.compactMap(\.stringValue), texts.count == items.count, !texts.contains("") else {
            throw ConfigurationError("expected a folder or a non-empty array of folders, got \(value.jsonString)")
        }
        return texts
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

// MARK: - ConfigDocument

/// A whole config file: its apps and the server settings it fixes.
public struct ConfigDocument: Sendable, Equatable {
    public var apps: [AppConfiguration]
    public var server: ServerSettings
}

/// The config file's optional `server` object: the settings an app's example legitimately fixes.
/// Each is nil when the file does not set it; then the command line, the environment or the
/// default gives it, and a flag or variable for a setting the file sets is a usage error (the
/// CLI's rule, docs/configuration.md "One setting, one place").
public struct ServerSettings: Sendable, Equatable {
    public var host: String?
    public var port: Int?
    /// The data directory (relative to the config file once loaded), or `:memory:`.
    public var data: String?
    public var corsOrigins: [String]?
    public var logLevel: String?
    public var journalSize: Int?
    /// The opt-in prefix of apps made on first use (`--apps-on-demand-prefix`).
    public var appsOnDemandPrefix: String?
    /// Whether those apps start with the default app's seed (`--apps-on-demand-seeded`).
    public var appsOnDemandSeeded: Bool?

    static let keys = ["host", "port", "data", "corsOrigins", "logLevel", "journalSize", "appsOnDemandPrefix", "appsOnDemandSeeded"]

    public init() {}

    init(json object: JSONObject) throws {
        try ConfigFile.rejectUnknownKeys(object, known: Self.keys)
        func read<T>(_ key: String, _ body: (JSON) throws -> T) throws -> T? {
            guard let value = object[key] else { return nil }
            do { return try body(value) } catch let error as ConfigurationError { throw error.at(key) }
        }
        host = try read("host", ConfigValue.string)
        port = try read("port") { try ConfigValue.integer($0, in: 0...65_535) }
        data = try read("data", ConfigValue.string)
        corsOrigins = try read("corsOrigins") { value in
            guard let items = value.arrayValue, case let texts = items.compactMap(\.stringValue), texts.count == items.count else {
                throw ConfigurationError("expected an array of origins, got \(value.jsonString)")
            }
            return texts
        }
        logLevel = try read("logLevel", ConfigValue.string)
        journalSize = try read("journalSize") { try ConfigValue.integer($0, in: 0...100_000) }
        appsOnDemandPrefix = try read("appsOnDemandPrefix") { value in
            let prefix = try ConfigValue.string(value)
            try AppConfiguration.validate(appId: prefix)
            return prefix
        }
        appsOnDemandSeeded = try read("appsOnDemandSeeded", ConfigValue.bool)
    }
}

extension ConfigValue {
    static func integer(_ value: JSON, in range: ClosedRange<Int>) throws -> Int {
        guard case .number(let number) = value, number == number.rounded(), number >= Double(range.lowerBound),
              number <= Double(range.upperBound) else {
            throw ConfigurationError("expected an integer in \(range.lowerBound)...\(range.upperBound), got \(value.jsonString)")
        }
        return Int(number)
    }
}

// MARK: - CredentialsFile

/// An app's `credentials.json`: `{"username", "password", "email"}`, the user its client logs in
/// as. The file must parse here; that its user is in the app's seed is checked when the seed is
/// loaded (`CredentialsFile.checkSeeded`), so an example cannot drift from its seed.
public struct CredentialsFile: Sendable, Equatable {
    public var username: String
    public var password: String
    public var email: String?

    static func check(_ app: AppConfiguration) throws {
        guard let path = app.credentialsPath else { return }
        _ = try load(path: path)
    }

    /// Reads and checks one file.
    public static func load(path: String) throws -> CredentialsFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("\(path) cannot be read (missing or not a file)")
        }
        guard let object = (try? JSONParser.parse(Array(data)))?.objectValue else {
            throw ConfigurationError("\(path): expected an object {\"username\", \"password\", \"email\"}")
        }
        do { try ConfigFile.rejectUnknownKeys(object, known: ["username", "password", "email"]) } catch let error as ConfigurationError {
            throw ConfigurationError("\(path): \(error.reason)")
        }
        guard let username = object["username"]?.stringValue, !username.isEmpty,
              let password = object["password"]?.stringValue, !password.isEmpty else {
            throw ConfigurationError("\(path): \"username\" and \"password\" must be non-empty strings")
        }
        if let email = object["email"], email.stringValue == nil {
            throw ConfigurationError("\(path): \"email\" must be a string")
        }
        return CredentialsFile(username: username, password: password, email: object["email"]?.stringValue)
    }
}
