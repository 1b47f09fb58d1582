/// One LeanCloud-style application served by the emulator. Each app has its own database.
public struct AppConfiguration: Sendable, Equatable {
    /// Sent as `X-LC-Id`.
    public var appId: String
    /// Client key, sent as `X-LC-Key` or used to sign `X-LC-Sign`.
    public var appKey: String
    /// Master key: bypasses ACLs and permissions; required for admin calls.
    public var masterKey: String
    /// Per-app settings (the config file's `options`); defaults everywhere unless set.
    public var options: AppOptions

    public init(appId: String, appKey: String, masterKey: String, options: AppOptions = AppOptions()) {
        self.appId = appId
        self.appKey = appKey
        self.masterKey = masterKey
        self.options = options
    }

    /// Fixed, obviously fake credentials for local development. Never use them in production.
    public static let development = AppConfiguration(
        appId: "lcemu-dev-app-id", appKey: "lcemu-dev-app-key", masterKey: "lcemu-dev-master-key")
}
