import ArgumentParser
import EmuAPI
import EmuHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Primitives

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

    @Option(name: .customLong("apps-on-demand-prefix"), help: ArgumentHelp(
        "Unknown app ids starting with this prefix (e.g. demo-) get an app of their own on their first request with the default app's keys: an in-memory app made from the default app, with its keys (docs/testing.md). [env: LCEMU_APPS_ON_DEMAND_PREFIX] (default: none, off)",
        valueName: "prefix"))
    var appsOnDemandPrefix: String?

    @Flag(name: .customLong("apps-on-demand-seeded"), help: "Apps of --apps-on-demand-prefix start with the default app's seed instead of empty. [env: LCEMU_APPS_ON_DEMAND_SEEDED=1]")
    var appsOnDemandSeeded = false

    @Flag(name: .customLong("durable-writes"), help: "fsync every commit (survives power loss, not only a crash). [env: LCEMU_DURABLE_WRITES=1]")
    var durableWrites = false

    @OptionGroup(title: "HTTPS") var tls: TLSOptions

    @OptionGroup(title: "Cloud code") var cloudCode: EngineOptions
}

// MARK: - Configuration

extension ServeOptions {
    /// The defaults `exec` changes: it starts in memory on a free port, and `--quiet` logs errors
    /// only, unless the config file, a flag or a variable says otherwise (the rule of
    /// `ConfiguredSettings`, ending in these).
    struct Defaults {
        var data: String
        var port: Int
        var logLevel = LogLevel.info

        static let serve = Defaults(data: ".lcemu", port: 3000)
        static let exec = Defaults(data: ":memory:", port: 0)
    }

    /// The resolved host and port, shared with `healthcheck`.
    func address() throws -> (host: String, port: Int) {
        let (host, port, _) = try address(appData.settings(), defaults: .serve)
        return (host, port)
    }

    /// The host and port, and the exposure of a host the config file set beyond loopback.
    private func address(_ settings: ConfiguredSettings, defaults: Defaults) throws -> (host: String, port: Int, exposure: Exposure?) {
        let explicit = Environment.optionalString(host, "LCEMU_HOST")
        let fileHost = try settings.widening(settings.server.host, key: "host", option: "--host", given: host, variable: "LCEMU_HOST",
                                             saying: explicit, exposing: Exposure.host(_:file:))
        let port = try settings.fixed(settings.server.port, key: "port", option: "--port", given: port, variable: "LCEMU_PORT")
            ?? Environment.int(port, "LCEMU_PORT", default: defaults.port, range: 0...65_535)
        return (fileHost.value ?? explicit ?? "127.0.0.1", port, fileHost.exposure)
    }

    /// The config file, then options, then environment, then defaults (`ConfiguredSettings`),
    /// validated into a configuration; with what the file opened beyond this machine unconfirmed.
    func configuration(_ defaults: Defaults = .serve) throws -> (configuration: EmulatorConfiguration, exposures: [Exposure]) {
        let settings = try appData.settings()
        var configuration = EmulatorConfiguration()
        configuration.version = LCEmuVersion.current
        let (host, port, hostExposure) = try address(settings, defaults: defaults)
        configuration.http.host = host
        configuration.http.port = port
        configuration.http.limits = HTTPParserLimits(
            maxRequestLineBytes: try Environment.int(maxRequestLine, "LCEMU_MAX_REQUEST_LINE", default: 8192, range: 64...1 << 20),
            maxHeaderBytes: try Environment.int(maxHeaderBytes, "LCEMU_MAX_HEADER_BYTES", default: 65_536, range: 256...16 << 20),
            maxBodyBytes: try Environment.int(maxBodyBytes, "LCEMU_MAX_BODY_BYTES", default: 20 << 20, range: 0...1 << 30))
        configuration.http.headerReadTimeout = try Environment.seconds(headerTimeout, "LCEMU_HEADER_TIMEOUT", default: 10)
        configuration.http.bodyReadTimeout = try Environment.seconds(bodyTimeout, "LCEMU_BODY_TIMEOUT", default: 60)
        configuration.http.idleTimeout = try Environment.seconds(idleTimeout, "LCEMU_IDLE_TIMEOUT", default: 75)
        configuration.http.maxConnections = try Environment.int(maxConnections, "LCEMU_MAX_CONNECTIONS", default: 10_000, range: 1...1_000_000)
        configuration.http.shutdownGracePeriod = try Environment.seconds(shutdownGrace, "LCEMU_SHUTDOWN_GRACE", default: 10)
        configuration.http.eventModel = try eventModel()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        configuration.workerCount = try Environment.int(workers, "LCEMU_WORKERS", default: max(2, cores), range: 1...256)
        configuration.journalSize = try settings.fixed(settings.server.journalSize, key: "journalSize", option: "--journal-size",
                                                       given: journalSize, variable: "LCEMU_JOURNAL_SIZE")
            ?? Environment.int(journalSize, "LCEMU_JOURNAL_SIZE", default: 1000, range: 0...100_000)
        configuration.dataDirectory = try appData.dataDirectory(settings, default: defaults.data)
        try DataDirectoryCheck.validate(configuration.dataDirectory)
        configuration.durableWrites = Environment.flag(durableWrites, "LCEMU_DURABLE_WRITES")
        let levelName = try settings.fixed(settings.server.logLevel, key: "logLevel", option: "--log-level", given: logLevel, variable: "LCEMU_LOG_LEVEL")
            ?? Environment.string(logLevel, "LCEMU_LOG_LEVEL", default: defaults.logLevel.rawValue)
        guard let level = LogLevel(rawValue: levelName.lowercased()) else {
            throw ValidationError("--log-level must be one of \(LogLevel.allCases.map(\.rawValue).joined(separator: ", ")), got '\(levelName)'")
        }
        configuration.logLevel = level
        // --no-seed wins over the apps' own seeds too (and their credentials then name no one).
        let empty = Environment.flag(noSeed, "LCEMU_NO_SEED")
        configuration.apps = try apps(settings).enumerated().map { index, app in
            var app = index == 0 ? try cloudCode.apply(to: app, settings: settings) : app
            if empty { (app.seedPaths, app.credentialsPath) = (nil, nil) }
            return app
        }
        configuration.signMaxSkewSeconds = try Environment.optionalSeconds(signMaxSkew, "LCEMU_SIGN_MAX_SKEW", range: 0...86_400)
        configuration.seedDirectories = try seedDirectories(settings)
        configuration.reseed = Environment.flag(reseed, "LCEMU_RESEED")
        let cors = try corsOriginList(settings)
        configuration.corsOrigins = cors.origins
        try adminAccess(into: &configuration)
        configuration.routesPath = try routesPath(settings)
        try appsOnDemand(settings, into: &configuration)
        let engines = configuration.apps.enumerated().compactMap { index, app in
            app.engine.flatMap { Exposure.engine($0, appId: app.appId, source: engineSource(settings, isDefaultApp: index == 0)) }
        }
        return (configuration, [hostExposure, cors.exposure].compactMap { $0 } + engines)
    }

    /// Who set an app's engine, for its exposure: the config file, else (the default app only)
    /// `--engine`, else `LCEMU_ENGINE` (`EngineOptions.apply`'s order).
    private func engineSource(_ settings: ConfiguredSettings, isDefaultApp: Bool) -> String {
        guard isDefaultApp, settings.document?.apps.first?.engine == nil else { return "config file \(settings.path ?? "")" }
        return cloudCode.engine != nil ? "--engine" : "LCEMU_ENGINE"
    }

    private func eventModel() throws -> HTTPEventModel {
        let name = Environment.string(httpEvents, "LCEMU_HTTP_EVENTS", default: HTTPEventModel.platformDefault.rawValue)
        guard let model = HTTPEventModel(rawValue: name.lowercased()) else {
            throw ValidationError("--http-events must be loops or sources, got '\(name)'")
        }
        return model
    }

    /// The apps of `--config`, or the one app of `--app-id`/`--app-key`/`--master-key`: never both,
    /// so no one wonders which wins.
    private func apps(_ settings: ConfiguredSettings) throws -> [AppConfiguration] {
        let single = [("--app-id", appData.appId, "LCEMU_APP_ID"), ("--app-key", appKey, "LCEMU_APP_KEY"),
                      ("--master-key", masterKey, "LCEMU_MASTER_KEY")]
        if let document = settings.document {
            for (option, cli, variable) in single {
                if cli != nil { throw ValidationError("\(option) conflicts with --config: declare every app in the config file") }
                if Environment.value(variable) != nil {
                    throw ValidationError("\(variable) conflicts with --config: declare every app in the config file")
                }
            }
            return document.apps
        }
        let development = AppConfiguration.development
        let app = AppConfiguration(
            appId: appData.requestedAppId() ?? development.appId,
            appKey: Environment.string(appKey, "LCEMU_APP_KEY", default: development.appKey),
            masterKey: Environment.string(masterKey, "LCEMU_MASTER_KEY", default: development.masterKey))
        try AppsSource.validate([app])
        return [app]
    }

    private func corsOriginList(_ settings: ConfiguredSettings) throws -> (origins: CORSOrigins, exposure: Exposure?) {
        let explicit = Environment.list(corsOrigins, "LCEMU_CORS_ORIGINS")
        let file = try settings.widening(settings.server.corsOrigins, key: "corsOrigins", option: "--cors-origins",
                                         given: corsOrigins, variable: "LCEMU_CORS_ORIGINS",
                                         saying: explicit, exposing: Exposure.corsOrigins(_:file:))
        do {
            return (try CORSOrigins(file.value ?? explicit), file.exposure)
        } catch {
            throw ValidationError("--cors-origins: \(error)")
        }
    }

    /// `--admin-origins` and `--allowed-hosts`: who may reach /__admin from a browser.
    private func adminAccess(into configuration: inout EmulatorConfiguration) throws {
        do {
            configuration.adminOrigins = try CORSOrigins(Environment.list(adminOrigins, "LCEMU_ADMIN_ORIGINS"))
        } catch {
            throw ValidationError("--admin-origins: \(error)")
        }
        do {
            configuration.allowedHosts = try AllowedHosts(Environment.list(allowedHosts, "LCEMU_ALLOWED_HOSTS") + certificateHosts())
        } catch {
            throw ValidationError("--allowed-hosts: \(error)")
        }
    }

    /// The self-signed certificate's `--tls-names` are names this server is known by: `/__admin`
    /// answers them too (`*.example.test` as `.example.test`; IP addresses always are).
    private func certificateHosts() throws -> [String] {
        guard case .selfSigned(let names) = try tls.mode() else { return [] }
        return names.map { $0.hasPrefix("*.") ? String($0.dropFirst()) : $0 }.filter { (try? AllowedHosts([$0])) != nil }
    }

    /// `--routes` (or `LCEMU_ROUTES`) for the default app, refused when the config file names its
    /// routes (the rule of `fixed`); it must name something that exists, what is in it is checked
    /// when the emulator opens (a bad route is a start failure, exit 1, naming file, route and field).
    private func routesPath(_ settings: ConfiguredSettings) throws -> String? {
        if let app = settings.document?.apps.first {
            _ = try settings.fixed(app.routesPath, setting: "\"routes\" of app \(app.appId)", option: "--routes",
                                   given: routes, variable: "LCEMU_ROUTES")
        }
        guard let path = Environment.optionalString(routes, "LCEMU_ROUTES") else { return nil }
        guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("--routes: no file or folder at '\(path)'") }
        return path
    }

    /// `--apps-on-demand-prefix` and `--apps-on-demand-seeded`, or the config file's
    /// `server.appsOnDemandPrefix` and `server.appsOnDemandSeeded` (the rule of `fixed`).
    private func appsOnDemand(_ settings: ConfiguredSettings, into configuration: inout EmulatorConfiguration) throws {
        let prefix = try settings.fixed(settings.server.appsOnDemandPrefix, key: "appsOnDemandPrefix", option: "--apps-on-demand-prefix",
                                        given: appsOnDemandPrefix, variable: "LCEMU_APPS_ON_DEMAND_PREFIX")
            ?? Environment.optionalString(appsOnDemandPrefix, "LCEMU_APPS_ON_DEMAND_PREFIX")
        if let prefix {
            do { try AppConfiguration.validate(appId: prefix) } catch {
                throw ValidationError("--apps-on-demand-prefix: \(error)")
            }
        }
        configuration.appsOnDemandPrefix = prefix
        configuration.appsOnDemandSeeded = try settings.fixed(
            settings.server.appsOnDemandSeeded, key: "appsOnDemandSeeded", option: "--apps-on-demand-seeded",
            given: appsOnDemandSeeded ? true : nil, variable: "LCEMU_APPS_ON_DEMAND_SEEDED")
            ?? Environment.flag(appsOnDemandSeeded, "LCEMU_APPS_ON_DEMAND_SEEDED")
    }

    /// The seed folders of apps that name none: `--seed` (repeatable) or `LCEMU_SEED` (a
    /// `:`-separated list), else the project's seed; none with `--no-seed`, which also empties
    /// the apps' own seeds. Refused beside a config file whose apps name a seed.
    private func seedDirectories(_ settings: ConfiguredSettings) throws -> [String] {
        let folders = try settings.seedFolders(given: seed, beside: settings.appWithSeed)
        if Environment.flag(noSeed, "LCEMU_NO_SEED") { return [] }
        for app in settings.document?.apps ?? [] {
            for folder in app.seedPaths ?? [] where !Self.isDirectory(folder) {
                throw ValidationError("config file \(settings.path ?? ""): the seed of app \(app.appId): no directory at '\(folder)'")
            }
        }
        for folder in folders where !Self.isDirectory(folder) {
            throw ValidationError("--seed: no directory at '\(folder)'")
        }
        return folders
    }

    private static func isDirectory(_ path: String) -> Bool {
        FileStatus.isDirectory(path) == true
    }
}

// MARK: - DataDirectoryCheck

/// `serve`'s check, before anything starts, that `--data` can be a directory at all: a path to
/// a file, or through one (`/dev/null/lcemu`), is a bad option value (exit 64). A directory
/// that could exist but cannot be created or written is found when the databases open (exit 1).
enum DataDirectoryCheck {
    static func validate(_ path: String) throws {
        guard path != ":memory:" else { return }
        // The nearest part of the path that exists must be a directory.
        let absolute = URL(fileURLWithPath: path).path
        var candidate = absolute
        while true {
            if let isDirectory = FileStatus.isDirectory(candidate) {
                guard isDirectory else {
                    throw ValidationError(candidate == absolute ? "--data: '\(path)' is not a directory"
                        : "--data: '\(path)' cannot be a directory: '\(candidate)' is not one")
                }
                return
            }
            let parent = PathText.parent(of: candidate)
            guard !parent.isEmpty, parent != candidate else { return }
            candidate = parent
        }
    }
}
