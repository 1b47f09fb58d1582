import Foundation
import LCWire

// MARK: - Apps on demand (LCEmu only)

/// An app of a test's own on a running LCEmu (docs/client.md, docs/testing.md): one server, many
/// tests in parallel, none seeing another's data. The real LeanCloud has no such endpoint.
///
/// ```swift
/// let template = LCApplication(id: "lcemu-dev-app-id", key: "lcemu-dev-app-key",
///                              serverURL: URL(string: "http://127.0.0.1:3000")!, masterKey: "lcemu-dev-master-key")
/// let mine = try await template.makeApp(seeded: true)     // POST /__admin/apps
/// defer { Task { try await template.dropApp(mine) } }     // DELETE /__admin/apps/<id>
/// ```
extension LCApplication {
    /// A new app on this app's LCEmu server, made from this app (the *template*) with its master
    /// key (`POST /__admin/apps`): empty, or with the template's seed when `seeded`; the
    /// template's options, fresh keys. Answers a client of the new app (its app key and master
    /// key), with this app's server, transport and timeout, and no user logged in.
    /// - Parameter appId: the new app's id; nil lets the server make one (`app-…`). An id a
    ///   served app has fails with status 409.
    /// - Throws: `LCError`; 429 past LCEmu's 256 apps made on demand, 401 without the master key.
    public func makeApp(seeded: Bool = false, appId: String? = nil) async throws -> LCApplication {
        var body: JSONObject = ["seeded": .bool(seeded)]
        if let appId { body["appId"] = .string(appId) }
        let made = try await request("POST", "/__admin/apps", body: .object(body), options: .master)
        guard let id = made["appId"]?.stringValue, let key = made["appKey"]?.stringValue,
              let master = made["masterKey"]?.stringValue else {
            throw LCError(code: .invalidResponse, message: "POST /__admin/apps answered no keys.")
        }
        return LCApplication(id: id, key: key, serverURL: serverURL, masterKey: master, transport: transport, timeout: timeout)
    }

    /// Drops an app `makeApp` made, or one of the opt-in prefix (`DELETE /__admin/apps/<id>`,
    /// with that app's master key): its data and journal records go.
    public func dropApp(_ app: LCApplication) async throws {
        let segment = app.id.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? app.id
        _ = try await app.request("DELETE", "/__admin/apps/" + segment, options: .master)
    }

    /// A client of another app id on the same server with this app's keys, no user logged in:
    /// an app of LCEmu's opt-in prefix (`--apps-on-demand-prefix demo-`), which the server makes
    /// from this app on the first request, e.g. `template.withAppId("demo-\(worker)")`.
    public func withAppId(_ id: String) -> LCApplication {
        var copy = LCApplication(id: id, key: key, serverURL: serverURL, masterKey: masterKey, transport: transport, timeout: timeout)
        copy.usesMasterKey = usesMasterKey
        copy.reauthentication = reauthentication
        return copy
    }

    /// RFC 3986's unreserved characters: an app id travels as one path segment.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
