import EmuAPI
import Foundation
import LCClient
import LCWire

// MARK: - Apps on demand

extension Emulator {
    /// A new app of the test's own on this emulator (`POST /__admin/apps`, docs/testing.md):
    /// empty, or with the default app's seed when `seeded`; the default app's options, fresh keys.
    /// Tests sharing one emulator each take one and run in parallel without seeing each other's data.
    /// - Parameter appId: its id; nil lets the server make one (`app-…`).
    public func makeApp(seeded: Bool = false, appId: String? = nil) async throws -> LCApplication {
        var body: JSONObject = ["seeded": .bool(seeded)]
        if let appId { body["appId"] = .string(appId) }
        let made = try await application.request("POST", "/__admin/apps", body: .object(body), options: .master)
        guard let id = made["appId"]?.stringValue, let key = made["appKey"]?.stringValue,
              let master = made["masterKey"]?.stringValue else { throw ConfigurationError("POST /__admin/apps answered no keys") }
        return LCApplication(id: id, key: key, serverURL: baseURL, masterKey: master,
                             transport: application.transport, timeout: application.timeout)
    }

    /// Drops an app `makeApp` made (`DELETE /__admin/apps/<id>`): its data and journal records go.
    public func dropApp(_ app: LCApplication) async throws {
        _ = try await app.request("DELETE", AdminPath.named("apps", app.id), options: .master)
    }
}
