import ArgumentParser
import EmuAPI

/// The options every command that touches apps shares: where the databases are (`--data`),
/// which apps exist (`--config`) and which app is meant (`--app-id`). Declared once so `serve`,
/// `healthcheck`, `import` and `export` read them, their help and their variables the same way;
/// what `--app-id` means beside `--config` is each command's (serve refuses it, import and
/// export pick an app with it).
struct AppDataOptions: ParsableArguments {
    @Option(help: "Directory of the SQLite databases, one file per app (serve also takes :memory:); refused when the config file sets server.data. [env: LCEMU_DATA] (default: ./.lcemu)")
    var data: String?

    @Option(help: "JSON file listing the apps, with per-app options, routes and seeds, and optionally server settings: serve serves them all and refuses --app-id, --app-key and --master-key beside it, and any flag for a setting the file sets; import and export use the app named by --app-id. [env: LCEMU_CONFIG]")
    var config: String?

    @Option(name: .customLong("app-id"), help: "App ID of the single app; with a config file, import and export use the app of that ID (serve refuses it). [env: LCEMU_APP_ID] (default: lcemu-dev-app-id, or the first app of --config)")
    var appId: String?

    /// The config file path from `--config` or `LCEMU_CONFIG`, if any.
    func configPath() -> String? {
        Environment.optionalString(config, "LCEMU_CONFIG")
    }

    /// The app id from `--app-id` or `LCEMU_APP_ID`, if any.
    func requestedAppId() -> String? {
        Environment.optionalString(appId, "LCEMU_APP_ID")
    }
}

// MARK: - The app of import and export

/// How `import` and `export` find the one database they work on: beside `--config`, `--app-id`
/// picks one of its apps (the first by default) instead of being refused as `serve` does.
/// `settings` is the config file, read once by the command (`settings()`).
extension AppDataOptions {
    /// The chosen app's id: `--app-id` must name an app of the config file when there is one.
    func selectedAppId(_ settings: ConfiguredSettings) throws -> String {
        let requested = requestedAppId()
        guard let apps = settings.document?.apps, let path = settings.path else {
            let id = requested ?? AppConfiguration.development.appId
            try AppsSource.usage { try AppConfiguration.validate(appId: id) }
            return id
        }
        guard let requested else { return apps[0].appId }
        guard apps.contains(where: { $0.appId == requested }) else {
            throw ValidationError("no app '\(requested)' in config file \(path) (apps: \(apps.map(\.appId).joined(separator: ", ")))")
        }
        return requested
    }

    /// Opens the chosen app's database file; `create: false` refuses a missing one.
    func open(create: Bool, _ settings: ConfiguredSettings) throws -> AppDataFile {
        let appId = try selectedAppId(settings)
        let directory = try dataDirectory(settings)
        do {
            return try AppDataFile(appId: appId, dataDirectory: directory, create: create)
        } catch let error as TransferError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("cannot open the database of app \(appId) in \(directory): \(error)")
        }
    }
}

// MARK: - AppsSource

/// Where the apps come from, for every command: the `--config` file (or `LCEMU_CONFIG`), else
/// the single app of `--app-id`/`--app-key`/`--master-key`. Configuration errors become
/// `ValidationError`s, so they print as one line and exit 64.
enum AppsSource {
    static func validate(_ apps: [AppConfiguration]) throws {
        try usage { try AppConfiguration.validate(apps) }
    }

    /// Runs `body`, turning a configuration error into a usage error (one line, exit 64).
    static func usage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }
}
