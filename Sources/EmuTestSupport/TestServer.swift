import EmuAPI
import EmuHTTP
import EmuTLS
import EmuTesting
import Foundation
import LCWire

/// The one way LCEmu's own tests start a server: the tier is the parameter, the rest is the
/// same on every tier — port 0 on loopback, an in-memory database, no seed unless asked, stopped
/// when released. Users' `Emulator` (EmuTesting) opens its server through the same
/// `EmulatorLaunch`.
///
/// ```swift
/// let server = try TestServer.start(.socket, seeded: true)
/// let response = try server.client().get("/1.1/date")            // over the socket
/// let fast = try server.inProcessClient().get("/1.1/date")        // the handler, no socket
/// let binary = try TestServer.start(.binary, arguments: ["--data", directory.path])
/// let echo = try TestServer.start(.tls, handler: MyHandler())    // EmuHTTP/EmuTLS alone
/// ```
public final class TestServer: Sendable {
    /// What runs behind the tier.
    enum Running: Sendable {
        /// An `EmulatorServer` in this process (in-process, socket and TLS tiers).
        case emulator(EmulatorServer)
        /// A bare `HTTPServer` with a test's own handler, for the transport's tests.
        case handler(HTTPServer)
        /// The `lcemu` executable.
        case binary(RunningBinary)
    }

    public let tier: Tier
    /// The default app: the configuration's first, or the binary's development app.
    public let app: AppConfiguration
    /// The TLS tier's certificate, which `client()` and `connect()` trust.
    public let certificate: SelfSignedCertificate?
    let running: Running

    init(tier: Tier, app: AppConfiguration, certificate: SelfSignedCertificate?, running: Running) {
        self.tier = tier
        self.app = app
        self.certificate = certificate
        self.running = running
    }

    /// How the binary tier gives `lcemu serve` its port 0.
    public enum PortSource: Sendable {
        /// `--port 0` on the command line.
        case commandLine
        /// `LCEMU_PORT=0` in the environment and no `--port`, for a test of configuration by
        /// environment variables.
        case environment
    }

    /// Starts an emulator on `tier`. `seeded: true` loads the project's `seed/`; `configure` edits
    /// the configuration of the in-process tiers; `open` builds the server (a test adds routes of
    /// its own). The binary tier runs `lcemu serve` on port 0 (`portFrom`) with `arguments`, by
    /// default an in-memory database (and `--no-seed` unless seeded), and `environment`.
    public static func start(
        _ tier: Tier = .socket, seeded: Bool = false,
        arguments: [String]? = nil, environment: [String: String] = [:], portFrom: PortSource = .commandLine,
        configure: (inout EmulatorConfiguration) -> Void = { _ in },
        open: (EmulatorConfiguration) throws -> EmulatorServer = { try EmulatorServer(configuration: $0) }
    ) throws -> TestServer {
        if tier == .binary {
            precondition(arguments == nil || !seeded, "with arguments, seeding is theirs to say (--no-seed)")
            let arguments = arguments ?? ["--data", ":memory:"] + (seeded ? [] : ["--no-seed"])
            let binary = try RunningBinary.serve(arguments, environment: environment, portFrom: portFrom)
            return TestServer(tier: tier, app: .development, certificate: nil, running: .binary(binary))
        }
        precondition(arguments == nil && environment.isEmpty && portFrom == .commandLine,
                     "arguments, environment and the port's source are the binary tier's")
        var configuration = EmulatorLaunch.configuration(seeded: seeded)
        let certificate = tier == .tls ? try SelfSignedCertificate.generate() : nil
        if let certificate {
            configuration.http.transportFactory = TLSTransportFactory(context: try TLSServerContext(certificate))
        }
        configuration.http.eventModel = eventModelFromEnvironment ?? configuration.http.eventModel
        configure(&configuration)
        let emulator = try EmulatorLaunch.start(configuration, listening: tier != .inProcess, open: open)
        return TestServer(tier: tier, app: configuration.apps[0], certificate: certificate, running: .emulator(emulator))
    }

    /// `start` for an async test: the binary tier waits for the child's ready line on a Dispatch
    /// thread, not on one of the few threads every async test of the run shares.
    public static func startAsync(
        _ tier: Tier = .socket, seeded: Bool = false,
        arguments: [String]? = nil, environment: [String: String] = [:], portFrom: PortSource = .commandLine
    ) async throws -> TestServer {
        try await offThePool { try start(tier, seeded: seeded, arguments: arguments, environment: environment, portFrom: portFrom) }
    }

    /// Starts a bare HTTP server with `handler` on the socket or TLS tier: the transport's own
    /// tests, without LeanCloud. `configure` edits the server's configuration last.
    public static func start(_ tier: Tier = .socket, handler: HTTPHandler,
                             configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws -> TestServer {
        precondition(tier == .socket || tier == .tls, "a bare handler runs on the socket or TLS tier")
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let certificate = tier == .tls ? try SelfSignedCertificate.generate() : nil
        if let certificate {
            configuration.transportFactory = TLSTransportFactory(context: try TLSServerContext(certificate))
        }
        configuration.eventModel = eventModelFromEnvironment ?? configuration.eventModel
        configure(&configuration)
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        return TestServer(tier: tier, app: .development, certificate: certificate, running: .handler(server))
    }

    /// `LCEMU_HTTP_EVENTS` (`loops` or `sources`) runs the in-process tiers' servers under that
    /// event model, as it does `lcemu serve`: `LCEMU_HTTP_EVENTS=sources swift test` runs the suite
    /// under Dispatch sources on Linux (docs/http.md#event-models). A test's `configure` still wins.
    static let eventModelFromEnvironment: HTTPEventModel? = {
        guard let name = ProcessInfo.processInfo.environment["LCEMU_HTTP_EVENTS"] else { return nil }
        guard let model = HTTPEventModel(rawValue: name) else {
            preconditionFailure("LCEMU_HTTP_EVENTS=\(name): expected loops or sources")
        }
        return model
    }()

    deinit {
        switch running {
        case .emulator(let emulator): emulator.shutdown()
        case .handler(let server): server.shutdown(gracePeriod: 1)
        case .binary: break  // RunningBinary kills and reaps its child when released
        }
    }

    /// The emulator of the in-process tiers, for white-box checks (its apps, clock, database).
    public var emulator: EmulatorServer {
        guard case .emulator(let emulator) = running else { preconditionFailure("the \(tier) tier has no in-process emulator") }
        return emulator
    }

    /// The bare HTTP server of `start(_:handler:)`.
    public var httpServer: HTTPServer {
        guard case .handler(let server) = running else { preconditionFailure("not a bare HTTP server") }
        return server
    }

    /// The child process of the binary tier: its output, signals and exit.
    public var process: RunningBinary {
        guard case .binary(let binary) = running else { preconditionFailure("the \(tier) tier runs no process") }
        return binary
    }

    /// The binary tier's output so far, signals and exit (those of `process`).
    public var standardOutput: OutputCollector { process.standardOutput }
    public var standardError: OutputCollector { process.standardError }
    public func signal(_ number: Int32) { process.signal(number) }
    public func waitForExit(timeout: Double) -> RunningBinary.Termination? { process.waitForExit(timeout: timeout) }

    /// The bound port (0 on the in-process tier, which has no socket).
    public var port: Int {
        switch running {
        case .emulator(let emulator): return tier == .inProcess ? 0 : emulator.port
        case .handler(let server): return server.port
        case .binary(let binary): return binary.port
        }
    }

    /// A LeanCloud client over this server's tier: the handler called directly on the in-process
    /// tier, a socket otherwise (TLS trusting the tier's certificate), for the default app or `app`.
    public func client(app: AppConfiguration? = nil, credentials: TestClient.Credentials) -> TestClient {
        let app = app ?? self.app
        switch tier {
        case .inProcess: return TestClient(transport: .inProcess(emulator), app: app, credentials: credentials)
        case .tls:
            return TestClient(transport: .tls(host: "127.0.0.1", port: port, trusting: certificate!.certificatePEM),
                              app: app, credentials: credentials)
        case .socket, .binary: return TestClient(transport: .live(host: "127.0.0.1", port: port), app: app, credentials: credentials)
        }
    }

    /// `client` with the app key, signed on the binary tier as the SDKs sign.
    public func client(app: AppConfiguration? = nil) -> TestClient {
        client(app: app, credentials: tier == .binary ? .signedAppKey : .appKey)
    }

    /// A client of the in-process emulator over the chosen tier, in-process or its socket: what
    /// endpoint tests run on alike (`@Test(arguments: Tier.inProcessAndSocket)`).
    public func client(_ tier: Tier, credentials: TestClient.Credentials = .appKey) -> TestClient {
        tier == .inProcess ? inProcessClient(credentials: credentials) : client(credentials: credentials)
    }

    /// A client that calls the in-process emulator's handler directly: same API, no socket.
    public func inProcessClient(credentials: TestClient.Credentials = .appKey) -> TestClient {
        TestClient(transport: .inProcess(emulator), app: app, credentials: credentials)
    }

    /// A raw HTTP/1.1 connection to the server (TLS on the TLS tier, trusting its certificate,
    /// or `trusting` and checking `serverName`).
    public func connect(serverName: String = "127.0.0.1", trusting: String? = nil, timeout: Double = 5) throws -> BlockingHTTPClient {
        guard let certificate else { return try connectPlain(timeout: timeout) }
        let trusted = trusting ?? certificate.certificatePEM
        return try BlockingHTTPClient(host: "127.0.0.1", port: port, timeout: timeout) { fd in
            try TLSClientStream(fd: fd, serverName: serverName, trusting: trusted)
        }
    }

    /// A raw connection without TLS, even on the TLS tier (whose server then refuses it).
    public func connectPlain(timeout: Double = 5) throws -> BlockingHTTPClient {
        try BlockingHTTPClient(host: "127.0.0.1", port: port, timeout: timeout)
    }
}

// MARK: - Tier

/// How far a test's requests travel, the one parameter of `TestServer.start`.
public enum Tier: String, CaseIterable, Sendable {
    /// The handler called directly: no socket, the fastest tier (route files are loaded at the
    /// start, not watched: a test of their reload runs on a socket).
    case inProcess
    /// A server listening on loopback port 0 inside the test process (its handler is also
    /// reachable in-process, so a test can compare both on one server).
    case socket
    /// The same over TLS with a fresh self-signed certificate the server's clients trust.
    case tls
    /// The real `lcemu` executable as a child process, `lcemu serve --port 0 …`.
    case binary

    /// The two tiers of one in-process emulator, which endpoint tests run on alike.
    public static let inProcessAndSocket: [Tier] = [.inProcess, .socket]
}

// MARK: - Users and sessions

extension TestServer {
    /// The seeded test user (docs/seed.md): username `testuser`, password `lcemu-test-password`.
    public static let seedUserId = "64b7f0c2e4b0a1d2c3f40001"

    /// A live session token for `userId` in the default app, as a log-in would give.
    public func sessionToken(forUser userId: String) throws -> String {
        guard let app = emulator.app(app.appId) else { throw TestSetupError("no app \(app.appId)") }
        return try app.sessionToken(forUser: userId)
    }

    /// Creates a `_User` with the master key and returns its objectId.
    public func createUser(_ username: String, fields: JSONObject = JSONObject()) throws -> String {
        var body = fields
        body["username"] = .string(username)
        body["password"] = .string("password-of-\(username)")
        let response = try inProcessClient(credentials: .masterKey).post("/1.1/classes/_User", json: .object(body))
        guard response.status == 201, let id = response.json?["objectId"]?.stringValue else {
            throw TestSetupError("creating user \(username) answered \(response.status) \(response.text)")
        }
        return id
    }

    /// An in-process client that sends `userId`'s session token.
    public func inProcessClient(asUser userId: String) throws -> TestClient {
        var client = inProcessClient()
        client.sessionToken = try sessionToken(forUser: userId)
        return client
    }
}

/// A test fixture that could not be set up.
public struct TestSetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
