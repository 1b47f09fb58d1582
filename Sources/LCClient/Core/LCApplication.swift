import Foundation

/// One LeanCloud application (or one LCEmu app): credentials, server, transport and the state of
/// its logged-in user. Pass it explicitly to every call; there is no global default.
///
/// ```swift
/// let app = LCApplication(id: "lcemu-dev-app-id", key: "lcemu-dev-app-key",
///                         serverURL: URL(string: "http://127.0.0.1:3000")!)
/// var post = LCObject(className: "Post")
/// post.set("title", "Hello")
/// try await post.save(in: app)
/// ```
///
/// Copies share the current user (they are the same app); `withTransport(_:)` and the other
/// `with…` functions make a copy that differs in one setting.
public struct LCApplication: Sendable {
    /// The App ID (`X-LC-Id`).
    public let id: String
    /// The App Key, used to sign requests.
    public let key: String
    /// The Master Key; requests use it only when `options.useMasterKey` (or `usesMasterKey`) says so.
    public let masterKey: String?
    /// The API's base URL, without `/1.1` (e.g. `https://api.example.com`, `http://127.0.0.1:3000`).
    public let serverURL: URL
    /// Sends the HTTP requests.
    public var transport: any LCTransport
    /// Default seconds before a request fails with `.timedOut`.
    public var timeout: TimeInterval
    /// Sign every request with the master key (for server-side tools and tests).
    public var usesMasterKey: Bool
    /// What to do when a request fails because the session is no longer valid (opt-in).
    public var reauthentication: LCReauthentication?
    /// The logged-in user and its observers, shared by copies of this value.
    let state: LCUserState

    public init(
        id: String, key: String, serverURL: URL, masterKey: String? = nil,
        transport: any LCTransport = LCURLSessionTransport(), timeout: TimeInterval = 60
    ) {
        self.id = id
        self.key = key
        self.masterKey = masterKey
        self.serverURL = serverURL
        self.transport = transport
        self.timeout = timeout
        usesMasterKey = false
        reauthentication = nil
        state = LCUserState()
    }

    /// An app from a server URL string; nil when the string is not a URL.
    public init?(id: String, key: String, serverURL text: String, masterKey: String? = nil,
                 transport: any LCTransport = LCURLSessionTransport(), timeout: TimeInterval = 60) {
        guard let url = URL(string: text), url.scheme != nil else { return nil }
        self.init(id: id, key: key, serverURL: url, masterKey: masterKey, transport: transport, timeout: timeout)
    }

    /// The same app with another transport (e.g. a recording or failing one in tests).
    public func withTransport(_ transport: any LCTransport) -> LCApplication {
        var copy = self
        copy.transport = transport
        return copy
    }

    /// The same app signing with its master key (`X-LC-Sign: …,master`).
    public func withMasterKey() -> LCApplication {
        var copy = self
        copy.usesMasterKey = true
        return copy
    }

    /// The same app with a re-authentication policy.
    public func withReauthentication(_ policy: LCReauthentication?) -> LCApplication {
        var copy = self
        copy.reauthentication = policy
        return copy
    }
}
