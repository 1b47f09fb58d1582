import EmuAPI
import EmuHTTP
import Foundation

/// A server for one test of raw HTTP exchanges (`TestClient`): in-memory database, port 0 on
/// loopback, no seed unless asked. Stops when released. `Emulator` is the harness for users.
///
/// ```swift
/// let emulator = try TestServer.start()
/// let response = try emulator.client().get("/1.1/date")
/// ```
public final class TestServer: Sendable {
    public let emulator: EmulatorServer
    public let app: AppConfiguration

    private init(emulator: EmulatorServer) {
        self.emulator = emulator
        self.app = emulator.configuration.apps[0]
    }

    /// Starts a live emulator. `seeded: true` loads the project's `seed/`.
    public static func start(seeded: Bool = false, configure: (inout EmulatorConfiguration) -> Void = { _ in }) throws -> TestServer {
        var configuration = EmulatorConfiguration.forTesting(seeded: seeded)
        configure(&configuration)
        let emulator = try EmulatorServer(configuration: configuration)
        try emulator.start()
        return TestServer(emulator: emulator)
    }

    deinit { emulator.shutdown() }

    public var port: Int { emulator.port }

    /// A client over a real socket (the live tier).
    public func client(credentials: TestClient.Credentials = .appKey) -> TestClient {
        TestClient(transport: .live(host: "127.0.0.1", port: port), app: app, credentials: credentials)
    }

    /// A client that calls the handler directly (the in-process tier): same API, no socket.
    public func inProcessClient(credentials: TestClient.Credentials = .appKey) -> TestClient {
        TestClient(transport: .inProcess(emulator), app: app, credentials: credentials)
    }
}
