import ArgumentParser
import EmuAPI

/// The options that name an app's database, for `import` and `export`: the same `--data`,
/// `--config` and `--app-id` (and environment variables) as `serve`.
struct DataOptions: ParsableArguments {
    @Option(help: "Directory of the SQLite databases, as for serve. [env: LCEMU_DATA] (default: ./.lcemu)")
    var data: String?

    @Option(help: "Config file listing the apps, as for serve; --app-id then picks one. [env: LCEMU_CONFIG]")
    var config: String?

    @Option(name: .customLong("app-id"), help: "The app whose database to use. [env: LCEMU_APP_ID] (default: the first app of --config, else lcemu-dev-app-id)")
    var appId: String?

    /// The data directory.
    func dataDirectory() -> String {
        AppsSource.dataDirectory(data)
    }

    /// The chosen app's id: `--app-id` must name an app of the config file when there is one.
    func selectedAppId() throws -> String {
        let requested = Environment.optionalString(appId, "LCEMU_APP_ID")
        guard let path = AppsSource.configPath(config) else {
            let id = requested ?? AppConfiguration.development.appId
            try AppsSource.usage { try AppConfiguration.validate(appId: id) }
            return id
        }
        let apps = try AppsSource.load(configPath: path)
        guard let requested else { return apps[0].appId }
        guard apps.contains(where: { $0.appId == requested }) else {
            throw ValidationError("no app '\(requested)' in config file \(path) (apps: \(apps.map(\.appId).joined(separator: ", ")))")
        }
        return requested
    }

    /// Opens the chosen app's database file; `create: false` refuses a missing one.
    func open(create: Bool) throws -> AppDataFile {
        let appId = try selectedAppId()
        do {
            return try AppDataFile(appId: appId, dataDirectory: dataDirectory(), create: create)
        } catch let error as TransferError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("cannot open the database of app \(appId) in \(dataDirectory()): \(error)")
        }
    }
}

/// A command that could not do its work: `Entry` prints the message as one line and exits 1
/// (usage errors, `ValidationError`, exit 64).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
