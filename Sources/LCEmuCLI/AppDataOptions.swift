import ArgumentParser

/// The options every command that touches apps shares: where the databases are (`--data`),
/// which apps exist (`--config`) and which app is meant (`--app-id`). Declared once so `serve`,
/// `healthcheck`, `import` and `export` read them, their help and their variables the same way;
/// what `--app-id` means beside `--config` is each command's (serve refuses it, import and
/// export pick an app with it).
struct AppDataOptions: ParsableArguments {
    @Option(help: "Directory of the SQLite databases, one file per app (serve also takes :memory:). [env: LCEMU_DATA] (default: ./.lcemu)")
    var data: String?

    @Option(help: "JSON file listing the apps, with per-app options: serve serves them all and refuses --app-id, --app-key and --master-key beside it; import and export use the app named by --app-id. [env: LCEMU_CONFIG]")
    var config: String?

    @Option(name: .customLong("app-id"), help: "App ID of the single app; with a config file, import and export use the app of that ID (serve refuses it). [env: LCEMU_APP_ID] (default: lcemu-dev-app-id, or the first app of --config)")
    var appId: String?

    /// The directory of the SQLite databases from `--data` or `LCEMU_DATA`, else `./.lcemu`:
    /// `serve`, `import` and `export` must agree on it.
    func dataDirectory() -> String {
        Environment.string(data, "LCEMU_DATA", default: ".lcemu")
    }

    /// The config file path from `--config` or `LCEMU_CONFIG`, if any.
    func configPath() -> String? {
        Environment.optionalString(config, "LCEMU_CONFIG")
    }

    /// The app id from `--app-id` or `LCEMU_APP_ID`, if any.
    func requestedAppId() -> String? {
        Environment.optionalString(appId, "LCEMU_APP_ID")
    }
}
