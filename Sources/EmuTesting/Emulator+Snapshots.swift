import LCClient

extension Emulator {
    /// Saves the default app's data under `name` (`PUT /__admin/snapshots/<name>`): build a
    /// fixture once, then `restore(name)` where each test starts. Replaces a snapshot of that name.
    public func snapshot(_ name: String) async throws {
        _ = try await application.request("PUT", Self.snapshotPath(name), options: .master)
    }

    /// Puts the data of snapshot `name` back, objects, users and sessions alike, in one
    /// transaction. `application`'s current user stays as it is.
    public func restore(_ name: String) async throws {
        _ = try await application.request("POST", Self.snapshotPath(name) + "/restore", options: .master)
    }

    private static func snapshotPath(_ name: String) -> String { AdminPath.named("snapshots", name) }
}
