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

    /// The validated apps of a config file.
    static func load(configPath: String) throws -> [AppConfiguration] {
        do {
            return try ConfigFile.load(path: configPath)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }

    static func validate(_ apps: [AppConfiguration]) throws {
        do {
            try AppConfiguration.validate(apps)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }
}
