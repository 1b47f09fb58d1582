/// One LeanCloud-style application served by the emulator. Each app has its own database.
public struct AppConfiguration: Sendable, Equatable {
    /// Sent as `X-LC-Id`.
    public var appId: String
    /// Client key, sent as `X-LC-Key` or used to sign `X-LC-Sign`.
    public var appKey: String
    /// Master key: bypasses ACLs and permissions; required for admin calls.
    public var masterKey: String
    /// Per-app settings (the config file's `options`); defaults everywhere unless set.
    public var options: AppOptions
    /// The config file's `routes`: this app's custom route file or folder (docs/custom-backends.md).
    public var routesPath: String?
    /// The config file's `seed`: this app's seed folders, merged in order (docs/seed.md); nil
    /// when the file names none (then `--seed`, `LCEMU_SEED` or the default seed applies).
    public var seedPaths: [String]?
    /// The config file's `credentials`: a `credentials.json` naming a user of this app's seed
    /// that the app logs in with (checked at start, so an example cannot drift from its seed).
    public var credentialsPath: String?
    /// The hook key (`X-LC-Hook-Key`): what LCEmu sends its engine, and what lets a request skip
    /// hooks with `__ignore_hooks` besides the master key (docs/cloud-code.md). nil = none.
    public var hookKey: String?
    /// The app's LeanEngine app, which LCEmu calls for functions and hooks; nil = none (stubs only).
    public var engine: EngineSettings?

    public init(appId: String, appKey: String, masterKey: String, options: AppOptions = AppOptions()) {
        self.appId = appId
        self.appKey = appKey
        self.masterKey = masterKey
        self.options = options
    }

    /// Fixed, obviously fake credentials for local development. Never use them in production.
    public static let development = AppConfiguration(
        appId: "lcemu-dev-app-id", appKey: "lcemu-dev-app-key", masterKey: "lcemu-dev-master-key")

    /// Checks that `apps` can be served together: at least one app; ids and keys non-empty and
    /// made of visible ASCII (they travel in HTTP headers, which trim spaces); the app key
    /// different from the master key (else a client could not be told from master); ids unique,
    /// also once mapped to database file names (`a.b` and `a_b` would share `a_b.sqlite3`).
    public static func validate(_ apps: [AppConfiguration]) throws {
        guard !apps.isEmpty else { throw ConfigurationError("no apps configured") }
        var files: [String: String] = [:]
        for app in apps {
            try app.validate()
            let file = AppDatabase.fileName(for: app.appId)
            if let other = files[file] {
                throw ConfigurationError(other == app.appId
                    ? "app id '\(app.appId)' appears twice"
                    : "app ids '\(other)' and '\(app.appId)' would share the database file \(file).sqlite3")
            }
            files[file] = app.appId
        }
    }

    /// The checks of one app, in the order a reader fixes them.
    func validate() throws {
        try Self.validate(appId, as: "app id", label: "")
        try Self.validate(appKey, as: "app key", label: appLabel)
        try Self.validate(masterKey, as: "master key", label: appLabel)
        guard appKey != masterKey else { throw ConfigurationError("the app key and the master key must differ\(appLabel)") }
        if let hookKey { try Self.validate(hookKey, as: "hook key", label: appLabel) }
        if engine != nil, hookKey == nil {
            throw ConfigurationError("an engine needs a hook key, which LCEmu sends it and it checks\(appLabel)")
        }
    }

    /// An app id on its own, for commands that need no keys (`lcemu import`, `lcemu export`).
    public static func validate(appId: String) throws {
        try validate(appId, as: "app id", label: "")
    }

    /// Non-empty visible ASCII: ids and keys travel in HTTP headers, which trim spaces.
    private static func validate(_ value: String, as name: String, label: String) throws {
        guard !value.isEmpty else { throw ConfigurationError("the \(name) is empty\(label)") }
        guard value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw ConfigurationError("the \(name) may only hold visible ASCII characters, no spaces\(label)")
        }
    }

    /// ` (app X)` when the id is usable in a message.
    private var appLabel: String { appId.isEmpty ? "" : " (app \(appId))" }
}
