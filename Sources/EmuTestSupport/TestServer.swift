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
}
