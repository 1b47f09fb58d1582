import ArgumentParser
import EmuAPI

/// Where the apps come from, for every command: the `--config` file (or `LCEMU_CONFIG`), else
/// the single app of `--app-id`/`--app-key`/`--master-key`. Configuration errors become
/// `ValidationError`s, so they print as one line and exit 64.
enum AppsSource {
    /// The validated apps of a config file.
    static func load(configPath: String) throws -> [AppConfiguration] {
        try usage { try ConfigFile.load(path: configPath) }
    }

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
