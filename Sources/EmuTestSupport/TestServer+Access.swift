import EmuAPI
import EmuHTTP
import EmuTLS

/// What a test reaches through a `TestServer`: what runs behind its tier, its port, its clients
/// and raw connections.
extension TestServer {
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
