import ArgumentParser
import EmuAPI

/// The config file as the options see it, and the one rule that decides where a setting comes
/// from (docs/configuration.md, "One setting, one place"): **from the config file when the file
/// sets it, else from the flag, else from the environment, else the default; a flag or variable
/// for a setting the file also sets is a usage error naming both — never when the file does not
/// set it.** So `lcemu serve --config examples/apps/<name>/lcemu.json --port 0` works: the file
/// sets no port. (One exception, `widening`: a flag or variable repeating a `host` or
/// `corsOrigins` of the file that opens the server beyond this machine confirms it.)
struct ConfiguredSettings {
    /// The config file's path; nil when there is none (then every setting is the flag's).
    let path: String?
    let document: ConfigDocument?

    static let none = ConfiguredSettings(path: nil, document: nil)

    var server: ServerSettings { document?.server ?? ServerSettings() }

    /// The file's `value` for `server.<key>` when it sets one, after checking that neither the
    /// flag (`given`) nor `variable` was set too; nil when the file does not set it.
    func fixed<T>(_ value: T?, key: String, option: String, given flag: Any?, variable: String) throws -> T? {
        try fixed(value, setting: "\"server.\(key)\"", option: option, given: flag, variable: variable)
    }

    /// The same for any setting of the file, named as `setting` in the message.
    func fixed<T>(_ value: T?, setting: String, option: String, given flag: Any?, variable: String) throws -> T? {
        guard let value, let path else { return nil }
        if flag != nil { throw conflict(option, setting: setting, path: path) }
        if Environment.value(variable) != nil { throw conflict(variable, setting: setting, path: path) }
        return value
    }

    private func conflict(_ name: String, setting: String, path: String) -> ValidationError {
        ValidationError("\(name) conflicts with \(setting) in config file \(path): set it in one place")
    }

    /// The first app of the file that names its own seed, if any: then `--seed` cannot apply.
    var appWithSeed: AppConfiguration? { document?.apps.first { $0.seedPaths != nil } }

    /// The seed folders of an app that names none: `--seed` (`flag`, repeatable), else
    /// `LCEMU_SEED` (a `:`-separated list), else the project's seed. Either is refused when
    /// `app`, of the file, names its own seed (the rule of `fixed`).
    func seedFolders(given flag: [String], beside app: AppConfiguration?) throws -> [String] {
        if let app {
            _ = try fixed(app.seedPaths, setting: "\"seed\" of app \(app.appId)", option: "--seed",
                          given: flag.isEmpty ? nil : flag, variable: "LCEMU_SEED")
        }
        let explicit = flag.isEmpty ? Environment.paths("LCEMU_SEED") ?? [] : flag
        return explicit.isEmpty ? SeedLocator.defaultDirectory().map { [$0] } ?? [] : explicit
    }
}

extension AppDataOptions {
    /// The config file (`--config` or `LCEMU_CONFIG`) read and checked, or `.none` without one.
    func settings() throws -> ConfiguredSettings {
        guard let path = configPath() else { return .none }
        return ConfiguredSettings(path: path, document: try AppsSource.usage { try ConfigFile.loadDocument(path: path) })
    }

    /// The directory of the SQLite databases: the config file's `server.data`, else `--data` or
    /// `LCEMU_DATA`, else `./.lcemu` (`exec`: `:memory:`). `serve`, `import` and `export` must agree on it.
    func dataDirectory(_ settings: ConfiguredSettings, default fallback: String = ServeOptions.Defaults.serve.data) throws -> String {
        try settings.fixed(settings.server.data, key: "data", option: "--data", given: data, variable: "LCEMU_DATA")
            ?? Environment.string(data, "LCEMU_DATA", default: fallback)
    }
}
