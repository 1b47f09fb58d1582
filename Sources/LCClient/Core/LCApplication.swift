import Foundation
import LCWire

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

// MARK: - LCUserState

/// The current user of one application and the streams that observe it.
// @unchecked: every mutable property is read and written under `lock`.
final class LCUserState: @unchecked Sendable {
    private let lock = Lock()
    private var user: LCUser?
    private var observers: [UUID: AsyncStream<LCUser?>.Continuation] = [:]
    private var reauthentication: Task<Void, Error>?

    var current: LCUser? {
        lock.lock()
        defer { lock.unlock() }
        return user
    }

    /// Replaces the current user and tells every observer.
    func set(_ newValue: LCUser?) {
        lock.lock()
        user = newValue
        let continuations = Array(observers.values)
        lock.unlock()
        for continuation in continuations { continuation.yield(newValue) }
    }

    /// A stream that yields the current user now and again after every change.
    func updates() -> AsyncStream<LCUser?> {
        let id = UUID()
        return AsyncStream(bufferingPolicy: .bufferingNewest(16)) { continuation in
            lock.lock()
            observers[id] = continuation
            let now = user
            lock.unlock()
            continuation.yield(now)
            continuation.onTermination = { [weak self] _ in self?.remove(id) }
        }
    }

    /// The re-authentication in progress, started by `start` when there is none.
    func sharedReauthentication(_ start: () -> Task<Void, Error>) -> Task<Void, Error> {
        lock.lock()
        defer { lock.unlock() }
        if let reauthentication { return reauthentication }
        let task = start()
        reauthentication = task
        Task { [weak self] in
            _ = await task.result
            self?.finishReauthentication(task)
        }
        return task
    }

    private func finishReauthentication(_ task: Task<Void, Error>) {
        lock.lock()
        if reauthentication == task { reauthentication = nil }
        lock.unlock()
    }

    private func remove(_ id: UUID) {
        lock.lock()
        observers[id] = nil
        lock.unlock()
    }
}
