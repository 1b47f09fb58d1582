import ArgumentParser

/// The options of `lcemu serve` (and, for the address, `lcemu healthcheck`).
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

    @Option(help: "Seed directory loaded into a fresh database and on reset. [env: LCEMU_SEED] (default: the project's seed/)")
    var seed: String?

    @Flag(name: .customLong("no-seed"), help: "Start empty: load no seed data. [env: LCEMU_NO_SEED=1]")
    var noSeed = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical. [env: LCEMU_LOG_LEVEL] (default: info)")
    var logLevel: String?

    @Option(name: .customLong("max-request-line"), help: "Longest request line in bytes; longer gets 414. [env: LCEMU_MAX_REQUEST_LINE] (default: 8192)")
    var maxRequestLine: Int?

    @Option(name: .customLong("max-header-bytes"), help: "Most header bytes per request; more gets 431. [env: LCEMU_MAX_HEADER_BYTES] (default: 65536)")
    var maxHeaderBytes: Int?

    @Option(name: .customLong("max-body-bytes"), help: "Largest request body in bytes; larger gets 413. [env: LCEMU_MAX_BODY_BYTES] (default: 20971520)")
    var maxBodyBytes: Int?

    @Option(name: .customLong("header-timeout"), help: "Seconds to receive a request head, from its first byte. [env: LCEMU_HEADER_TIMEOUT] (default: 10)")
    var headerTimeout: Double?

    @Option(name: .customLong("body-timeout"), help: "Seconds to receive a request body. [env: LCEMU_BODY_TIMEOUT] (default: 60)")
    var bodyTimeout: Double?

    @Option(name: .customLong("idle-timeout"), help: "Seconds an idle keep-alive connection stays open. [env: LCEMU_IDLE_TIMEOUT] (default: 75)")
    var idleTimeout: Double?

    @Option(name: .customLong("max-connections"), help: "Most simultaneous connections; more get 503. [env: LCEMU_MAX_CONNECTIONS] (default: 10000)")
    var maxConnections: Int?

    @Option(name: .customLong("shutdown-grace"), help: "Seconds a shutdown waits for requests in flight. [env: LCEMU_SHUTDOWN_GRACE] (default: 10)")
    var shutdownGrace: Double?

    @Option(name: .customLong("workers"), help: "Workers for writes and slow requests (hashing, files); also how many reads answer at once on the connections' threads. [env: LCEMU_WORKERS] (default: number of cores, at least 2)")
    var workers: Int?

    @Option(name: .customLong("http-events"), help: "How sockets are watched: loops (event loops, one thread per core in epoll_wait; Linux) or sources (a Dispatch source per connection; every platform). [env: LCEMU_HTTP_EVENTS] (default: loops on Linux, sources elsewhere)")
    var httpEvents: String?

    @Option(name: .customLong("journal-size"), help: "Requests the request journal keeps (GET /__admin/requests), newest first; 0 keeps none. [env: LCEMU_JOURNAL_SIZE] (default: 1000)")
    var journalSize: Int?

    @Option(name: .customLong("sign-max-skew"), help: "Refuse X-LC-Sign timestamps further than this many seconds from the clock; 0 = no check. [env: LCEMU_SIGN_MAX_SKEW] (default: 0)")
    var signMaxSkew: Double?

    @Option(name: .customLong("cors-origins"), help: "Comma-separated browser origins that may call with cookies, e.g. http://localhost:5173 or http://localhost:* (any port). [env: LCEMU_CORS_ORIGINS] (default: none; every origin may call without cookies)")
    var corsOrigins: String?

    @Option(name: .customLong("admin-origins"), help: "Comma-separated browser origins whose pages may call /__admin, e.g. http://localhost:5173 or http://localhost:* (any port). [env: LCEMU_ADMIN_ORIGINS] (default: none; only the dashboard's own origin and non-browser clients)")
    var adminOrigins: String?

    @Option(name: .customLong("allowed-hosts"), help: "Comma-separated Host names /__admin answers besides localhost, *.localhost, IP addresses, one-label names (lcemu), --host and --tls-names: a name (lcemu.internal), a domain with its subdomains (.example.test), or all. [env: LCEMU_ALLOWED_HOSTS] (default: none)")
    var allowedHosts: String?

    @Option(help: "Custom routes for the default app: a JSON route file, or a folder of them; reloaded when changed (docs/custom-backends.md). [env: LCEMU_ROUTES] (default: none)")
    var routes: String?

    @Flag(name: .customLong("durable-writes"), help: "fsync every commit (survives power loss, not only a crash). [env: LCEMU_DURABLE_WRITES=1]")
    var durableWrites = false

    @OptionGroup(title: "HTTPS") var tls: TLSOptions
}
