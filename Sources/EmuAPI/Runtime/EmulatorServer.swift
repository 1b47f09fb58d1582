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
    let apps: [String: AppRuntime]
    let server: HTTPServer
    let pipeline: Pipeline

    /// Opens (and migrates and seeds) every app's database and builds the routes. Nothing listens yet.
    public convenience init(configuration: EmulatorConfiguration) throws {
        try self.init(configuration: configuration, router: Routes.make())
    }

    /// The same with another route table: tests add routes of their own to `Routes.make()`.
    init(configuration: EmulatorConfiguration, router: Router<APIRoute>) throws {
        try AppConfiguration.validate(configuration.apps)
        self.configuration = configuration
        logger = Logger(level: configuration.logLevel)
        let clock = EmulatorClock()
        self.clock = clock
        let seed = try configuration.seedDirectory.map { try SeedData.load(directory: $0, now: clock.now) } ?? SeedData()
        let journal = RequestJournal(capacity: configuration.journalSize, clock: clock)
        var apps: [String: AppRuntime] = [:]
        for app in configuration.apps {
            let database = try AppDatabase.open(
                appId: app.appId, dataDirectory: configuration.dataDirectory,
                durableWrites: configuration.durableWrites, workerCount: configuration.workerCount)
            let initialData = configuration.initialData[app.appId]
            let runtime = AppRuntime(configuration: app, database: database, clock: clock, journal: journal, seed: initialData ?? seed)
            if try runtime.seedIfFresh() {
                logger.info("app \(app.appId): fresh database, loaded \(runtime.seed.records.count) \(initialData == nil ? "seed" : "initial") objects")
            } else if initialData != nil {
                try? database.close()
                throw InitialDataError(appId: app.appId, dataDirectory: configuration.dataDirectory)
            }
            apps[app.appId] = runtime
        }
        self.apps = apps
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
                defaultAppId: configuration.apps.first?.appId),
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
