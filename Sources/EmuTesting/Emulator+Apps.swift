import LCClient

// MARK: - Apps on demand

extension Emulator {
    /// A new app of the test's own on this emulator (`POST /__admin/apps`, docs/testing.md):
    /// empty, or with the default app's seed when `seeded`; the default app's options, fresh keys.
    /// Tests sharing one emulator each take one and run in parallel without seeing each other's data.
    /// The same as LCClient's `LCApplication.makeApp(seeded:appId:)` on `application`.
    /// - Parameter appId: its id; nil lets the server make one (`app-…`).
    public func makeApp(seeded: Bool = false, appId: String? = nil) async throws -> LCApplication {
        try await application.makeApp(seeded: seeded, appId: appId)
    }

    /// Drops an app `makeApp` made (`DELETE /__admin/apps/<id>`): its data and journal records go.
    public func dropApp(_ app: LCApplication) async throws {
        try await application.dropApp(app)
    }
}
