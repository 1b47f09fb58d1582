import ArgumentParser

/// The options of `lcemu serve` (and `lcemu exec`; for the address, `lcemu healthcheck`). The
/// order of the declarations is the order of `--help`: the untitled groups (`AppDataOptions`,
/// `HTTPServerOptions`, `BrowserAccessOptions`, `AppsOnDemandOptions`) are listed in place among
/// the others. What they become is `configuration(_:)` (ServeOptions+Configuration.swift).
struct ServeOptions: ParsableArguments {
    @Option(help: "Address to bind. [env: LCEMU_HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(help: "Port to bind; 0 picks a free port. [env: LCEMU_PORT] (default: 3000)")
    var port: Int?

    /// `--data`, `--config` and `--app-id`, shared with `import` and `export`.
    @OptionGroup var appData: AppDataOptions

    @Option(name: .customLong("app-key"), help: "App Key of the default app. [env: LCEMU_APP_KEY] (default: lcemu-dev-app-key)")
    var appKey: String?

    @Option(name: .customLong("master-key"), help: "Master Key of the default app. [env: LCEMU_MASTER_KEY] (default: lcemu-dev-master-key)")
    var masterKey: String?

    @Option(help: ArgumentHelp(
        "Seed directory loaded into a fresh database and on reset; repeat to merge several, in order. Refused when the config file names a seed. [env: LCEMU_SEED, folders separated by :] (default: the project's seed/)",
        valueName: "folder"))
    var seed: [String] = []

    @Flag(name: .customLong("reseed"), help: "Replace the data of an app whose database was seeded from other seed files (or made by lcemu import) with its seed; by default such data is kept and a line says so. [env: LCEMU_RESEED=1]")
    var reseed = false

    @Flag(name: .customLong("no-seed"), help: "Start empty: load no seed data. [env: LCEMU_NO_SEED=1]")
    var noSeed = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical. [env: LCEMU_LOG_LEVEL] (default: info)")
    var logLevel: String?

    /// Limits, timeouts, workers and the event model of the HTTP server.
    @OptionGroup var http: HTTPServerOptions

    @Option(name: .customLong("journal-size"), help: "Requests the request journal keeps (GET /__admin/requests), newest first; 0 keeps none. [env: LCEMU_JOURNAL_SIZE] (default: 1000)")
    var journalSize: Int?

    @Option(name: .customLong("sign-max-skew"), help: "Refuse X-LC-Sign timestamps further than this many seconds from the clock; 0 = no check. [env: LCEMU_SIGN_MAX_SKEW] (default: 0)")
    var signMaxSkew: Double?

    /// `--cors-origins`, `--admin-origins` and `--allowed-hosts`.
    @OptionGroup var browserAccess: BrowserAccessOptions

    @Option(help: "Custom routes for the default app: a JSON route file, or a folder of them; reloaded when changed (docs/custom-backends.md). [env: LCEMU_ROUTES] (default: none)")
    var routes: String?

    /// `--apps-on-demand-prefix` and `--apps-on-demand-seeded`.
    @OptionGroup var appsOnDemand: AppsOnDemandOptions

    @Flag(name: .customLong("durable-writes"), help: "fsync every commit (survives power loss, not only a crash). [env: LCEMU_DURABLE_WRITES=1]")
    var durableWrites = false

    @OptionGroup(title: "HTTPS") var tls: TLSOptions

    @OptionGroup(title: "Cloud code") var cloudCode: EngineOptions
}
