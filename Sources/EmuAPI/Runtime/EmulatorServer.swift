import Dispatch
import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuSQLite
import EmuTools
import LCWire
import Primitives

/// The emulator: the composition root that wires configuration, databases, routes and the HTTP
/// server together. Everything else receives its dependencies from here.
///
/// ```swift
/// let emulator = try EmulatorServer(configuration: EmulatorConfiguration())
/// try emulator.start()
/// print(emulator.baseURL)   // http://127.0.0.1:3000
/// emulator.shutdown()
/// ```
public final class EmulatorServer: Sendable {
    public let configuration: EmulatorConfiguration
    public let clock: EmulatorClock
    public let logger: Logger
    /// Every app served now: the configured ones and those made on demand (`/__admin/apps`).
    var apps: [String: AppRuntime] { pipeline.appDirectory.snapshot.apps }
    /// What the start did with each app's seed, in the configuration's order (the banner's lines).
    public let seedStarts: [SeedStart]
    let server: HTTPServer
    let pipeline: Pipeline

    /// Opens (and migrates and seeds) every app's database and builds the routes. Nothing listens yet.
    public convenience init(configuration: EmulatorConfiguration) throws {
        try self.init(configuration: configuration, router: Routes.make())
    }

    /// The same with another route table: tests add routes of their own to `Routes.make()`.
    init(configuration: EmulatorConfiguration, router: Router<APIRoute>) throws {
        try AppConfiguration.validate(configuration.apps)
        let prefix = try Self.onDemandPrefix(configuration)
        self.configuration = configuration
        logger = Logger(level: configuration.logLevel)
        EngineWaiting.install { WorkerPool.lendingPlace($0) }
        let clock = EmulatorClock()
        self.clock = clock
        let journal = RequestJournal(capacity: configuration.journalSize, clock: clock)
        let seeds = try Self.loadSeeds(configuration, now: clock.now)
        var apps: [String: AppRuntime] = [:]
        var seedStarts: [SeedStart] = []
        for app in configuration.apps {
            let initialData = configuration.initialData[app.appId]
            let seed = initialData ?? seeds[configuration.seedDirectories(of: app)] ?? SeedData()
            let database = try AppDatabase.open(
                appId: app.appId, dataDirectory: configuration.dataDirectory,
                durableWrites: configuration.durableWrites, workerCount: configuration.workerCount,
                image: SeedImageCache.image(for: seed))
            let runtime = AppRuntime(configuration: app, database: database, clock: clock, journal: journal, seed: seed,
                                     server: ServerFacts(version: configuration.version, dataDirectory: configuration.dataDirectory))
            let start = try runtime.startSeed(reseed: configuration.reseed && initialData == nil)
            if initialData != nil, start.outcome != .loaded {
                try? database.close()
                for opened in apps.values { try? opened.database.close() }
                throw InitialDataError(appId: app.appId, dataDirectory: configuration.dataDirectory)
            }
            if start.warning == nil { logger.info("app \(app.appId): seed: \(start.summary)") }
            seedStarts.append(start)
            apps[app.appId] = runtime
        }
        self.seedStarts = seedStarts
        do {
            try Self.loadCustomRoutes(configuration, apps: apps, router: router, logger: logger)
        } catch {
            for app in apps.values { try? app.database.close() }
            throw error
        }
        pipeline = Pipeline(
            router: router,
            authenticator: AppAuthenticator(
                apps: apps, maxSkewMilliseconds: AppOptions.milliseconds(seconds: configuration.signMaxSkewSeconds),
                defaultAppId: configuration.apps.first?.appId, prefix: prefix),
            pool: WorkerPool(width: configuration.workerCount), journal: journal, logger: logger,
            cors: CORS(credentialedOrigins: configuration.corsOrigins),
            adminGuard: AdminGuard(origins: configuration.adminOrigins, hosts: configuration.allowedHosts,
                                   boundHost: configuration.http.host))
        server = HTTPServer(configuration: configuration.http, handler: LargeBodyOffload(inner: pipeline, pool: pipeline.pool),
                            errorResponder: Self.protocolError)
    }

    /// Starts listening; when it returns, the emulator answers requests.
    public func start() throws {
        try server.start()
        watchCustomRoutes()
        probeEngines()
    }

    /// The bound port (the real one when configured with port 0).
    public var port: Int { server.port }

    /// `http://HOST:PORT` (`https` with a TLS transport), with the bound port.
    public var baseURL: String {
        let host = configuration.http.host.contains(":") ? "[\(configuration.http.host)]" : configuration.http.host
        let scheme = configuration.http.transportFactory == nil ? "http" : "https"
        return "\(scheme)://\(host):\(port)"
    }

    /// The runtime of an app, by id.
    public func app(_ appId: String) -> AppRuntime? { apps[appId] }

    /// Graceful stop: drain the HTTP server, then close every database cleanly.
    public func shutdown() {
        server.shutdown()
        stopCustomRoutes()
        for app in apps.values {
            do { try app.database.close() } catch { logger.error("closing \(app.configuration.appId): \(error)") }
        }
    }

    /// Bodies for errors the HTTP layer sends itself (400, 408, 413, …), in LeanCloud's format.
    static let protocolError: @Sendable (Int, String) -> HTTPResponse = { status, _ in
        let code = status == 413 ? LCErrorCode.payloadTooLarge
            : LCErrorCode(code: status, message: HTTPStatus.reasonPhrase(status) + ".", httpStatus: status)
        return APIResponse(status: status, json: code.body).httpResponse
    }
}

// MARK: - The opt-in prefix of apps on demand

extension EmulatorServer {
    /// `appsOnDemandPrefix` as the directory takes it: the default (first) app is the template.
    static func onDemandPrefix(_ configuration: EmulatorConfiguration) throws -> OnDemandPrefix? {
        guard let prefix = configuration.appsOnDemandPrefix, let template = configuration.apps.first else { return nil }
        do { try AppConfiguration.validate(appId: prefix) } catch {
            throw ConfigurationError("the apps-on-demand prefix: \(error)")
        }
        return OnDemandPrefix(prefix: prefix, templateId: template.appId, seeded: configuration.appsOnDemandSeeded,
                              make: AppsOnDemandRoutes.prefixed)
    }
}

// MARK: - Seeds

extension EmulatorServer {
    /// Each distinct list of seed folders the apps use, loaded once; a `credentials` file must
    /// name a user of its app's seed.
    static func loadSeeds(_ configuration: EmulatorConfiguration, now: LCDate) throws -> [[String]: SeedData] {
        var seeds: [[String]: SeedData] = [:]
        for app in configuration.apps where configuration.initialData[app.appId] == nil {
            let folders = configuration.seedDirectories(of: app)
            if seeds[folders] == nil, !folders.isEmpty { seeds[folders] = try SeedData.load(directories: folders, now: now) }
            if let path = app.credentialsPath {
                try (seeds[folders] ?? SeedData()).checkCredentials(try CredentialsFile.load(path: path), path: path)
            }
        }
        return seeds
    }
}

// MARK: - Custom route files

extension EmulatorServer {
    /// Loads each app's route files (the config file's `routes`; `configuration.routesPath` for
    /// the default, first app); a bad file throws `RouteFileError`, which stops the start.
    /// Routes that shadow a LeanCloud route are logged.
    static func loadCustomRoutes(_ configuration: EmulatorConfiguration, apps: [String: AppRuntime],
                                 router: Router<APIRoute>, logger: Logger) throws {
        for (index, declared) in configuration.apps.enumerated() {
            guard let path = declared.routesPath ?? (index == 0 ? configuration.routesPath : nil),
                  let app = apps[declared.appId] else { continue }
            let source = RouteFileSource(path: path, dataDirectory: configuration.dataDirectory, routes: app.customRoutes, logger: logger) { method, path in
                if case .found = router.match(method: method, path: path) { return true }
                return false
            }
            let count = try source.load()
            app.customRoutes.attach(source)
            logger.info("app \(declared.appId): \(count) custom routes from \(path)")
        }
    }

    /// Starts watching the route files for changes.
    func watchCustomRoutes() {
        for app in apps.values { app.customRoutes.fileSource?.watch() }
    }

    /// Stops the watches (and lets the sources go).
    func stopCustomRoutes() {
        for app in apps.values { app.customRoutes.attach(nil) }
    }
}

// MARK: - Dashboard links

extension EmulatorServer {
    /// A one-time dashboard link for an app (the first by default): the page logs the tab in
    /// with it once, within 15 minutes, without the master key being typed or put in the URL.
    /// The token rides in the fragment, which browsers never send to a server.
    /// - Parameter base: the address to print (`lcemu` gives loopback for a server on `0.0.0.0`).
    public func dashboardLoginLink(base: String? = nil, appId: String? = nil) -> String? {
        guard let app = app(appId ?? configuration.apps.first?.appId ?? "") else { return nil }
        let token = app.dashboardLinks.mint()
        return "\(dashboardURL(base: base))#app=\(QueryString.escape(app.configuration.appId))&login=\(token)"
    }

    /// Where the dashboard is: `http://HOST:PORT/__admin/ui/`.
    public func dashboardURL(base: String? = nil) -> String { "\(base ?? baseURL)/__admin/ui/" }
}

// MARK: - In-process answers

extension EmulatorServer {
    /// Answers a request in-process, without a socket: the fast tier of the test suite.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<HTTPResponse?>(nil)
        pipeline.handle(request) { response in
            result.withValue { $0 = response }
            done.signal()
        }
        done.wait()
        return result.current!
    }
}

/// Initial data was given for an app whose database already has data: it would be ignored, so
/// the emulator refuses to start rather than run on other data than the caller expects.
public struct InitialDataError: Error, CustomStringConvertible {
    public let appId: String
    public let dataDirectory: String

    public var description: String {
        "the database of app \(appId) in \(dataDirectory) already has data; initial data loads only into a new database"
    }
}
