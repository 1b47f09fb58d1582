import EmuHTTP
@testable import EmuAPI
import EmuTesting
import Foundation
import LCWire

/// An in-memory emulator on port 0 whose route table is `Routes.make()` plus the test routes of
/// `TestRoutes`: batch and envelope tests need routes the branch does not have yet.
final class RoutedTestServer {
    let emulator: EmulatorServer
    let app: AppConfiguration
    let log = TestRoutes.Log()

    init() throws {
        var configuration = EmulatorConfiguration()
        configuration.http.host = "127.0.0.1"
        configuration.http.port = 0
        configuration.dataDirectory = ":memory:"
        configuration.logLevel = .warning
        var router = Routes.make()
        TestRoutes.register(in: &router, log: log)
        emulator = try EmulatorServer(configuration: configuration, router: router)
        try emulator.start()
        app = configuration.apps[0]
    }

    deinit { emulator.shutdown() }

    func client(_ tier: Tier, credentials: TestClient.Credentials = .appKey) -> TestClient {
        let transport: TestClient.Transport = tier == .live
            ? .live(host: "127.0.0.1", port: emulator.port) : .inProcess(emulator)
        return TestClient(transport: transport, app: app, credentials: credentials)
    }

    /// The stored object, read straight from the database.
    func stored(_ className: String, _ objectId: String) throws -> ObjectRecord? {
        try emulator.app(app.appId)?.database.read { db in
            try ObjectStore.fetch(className: className, objectId: objectId, in: db)
        }
    }
}
