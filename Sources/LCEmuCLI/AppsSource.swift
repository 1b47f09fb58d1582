import ArgumentParser
import EmuAPI

/// Where the apps come from, for every command: the `--config` file (or `LCEMU_CONFIG`), else
/// the single app of `--app-id`/`--app-key`/`--master-key`. Configuration errors become
/// `ValidationError`s, so they print as one line and exit 64.
enum AppsSource {
    /// The config file path from `--config` or `LCEMU_CONFIG`, if any.
    static func configPath(_ cli: String?) -> String? {
        Environment.optionalString(cli, "LCEMU_CONFIG")
    }

    /// The directory of the SQLite databases from `--data` or `LCEMU_DATA`, else `./.lcemu`:
    /// `serve`, `import` and `export` must agree on it.
    static func dataDirectory(_ cli: String?) -> String {
        Environment.string(cli, "LCEMU_DATA", default: ".lcemu")
    }

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
