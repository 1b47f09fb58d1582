import EmuAPI
import Foundation
import LCClient
import LCWire

/// A live LCEmu inside a test: in-memory database, loopback port 0, optional seed and app options,
/// and a ready `LCApplication` pointed at it. It stops when the value is released (end of the
/// test's scope), and any number can run side by side in one process.
///
/// ```swift
/// import EmuTesting
/// import LCClient
///
/// @Test func savesAPost_andReadsAnSMSCode() async throws {
///     let emulator = try await Emulator.start(seeded: true)
///     var post = LCObject(className: "Post")
///     post.set("title", "Hello")
///     try await post.save(in: emulator.application)
///     emulator.clock.advance(seconds: 3600)
///     try await LCSMS.requestCode(mobilePhoneNumber: "+8618600000000", in: emulator.application)
///     let sms = try await emulator.outbox.messages(phone: "+8618600000000")   // newest first
///     let code = try await emulator.outbox.latestCode(phone: "+8618600000000")
///     #expect(code != nil && sms.first?.code == code)
/// }
/// ```
///
/// `Emulator` is the socket tier of LCEmu's own test harness (`EmulatorLaunch` opens both) with
/// an `LCApplication` on top; `server` is the emulator itself, `EmuAPI.EmulatorServer`.
public final class Emulator: Sendable {
    /// The running server.
    public let server: EmulatorServer
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The app's id and keys.
    public let credentials: Credentials
    /// A client application for the app, signing with the app key (no current user yet).
    public let application: LCApplication
    /// The emulator's clock (session, captcha, SMS and upload-token expiry follow it).
    public let clock: Clock
    /// What the emulator "sent" (SMS, email, captcha answers), read over `GET /__admin/outbox`.
    public let outbox: Outbox
    /// Cloud-function stubs and recorded calls (`/__admin/functions`): `functions.stub("hello", result: …)`.
    public let functions: Functions

    /// The app's id and keys.
    public struct Credentials: Sendable, Equatable {
        public var appId: String
        public var appKey: String
        public var masterKey: String
    }

    /// Starts an emulator. `seeded` loads the project's `seed/` (docs/seed.md); `appOptions` is
    /// the `options` object of a `--config` app (docs/configuration.md); `configure` edits the
    /// whole configuration last; `transport` replaces the application's URLSession transport.
    public static func start(
        seeded: Bool = false, appOptions: JSONObject = JSONObject(),
        transport: (any LCTransport)? = nil,
        configure: (inout EmulatorConfiguration) -> Void = { _ in }
    ) async throws -> Emulator {
        var configuration = EmulatorLaunch.configuration(seeded: seeded)
        if !appOptions.isEmpty { configuration.apps[0].options = try AppOptions(json: appOptions) }
        configure(&configuration)
        return try Emulator(server: EmulatorLaunch.start(configuration), transport: transport)
    }

    private init(server: EmulatorServer, transport: (any LCTransport)?) throws {
        self.server = server
        guard let url = URL(string: server.baseURL) else { throw ConfigurationError("bad base URL \(server.baseURL)") }
        baseURL = url
        let app = server.configuration.apps[0]
        credentials = Credentials(appId: app.appId, appKey: app.appKey, masterKey: app.masterKey)
        application = LCApplication(id: app.appId, key: app.appKey, serverURL: url, masterKey: app.masterKey,
                                    transport: transport ?? LCURLSessionTransport(), timeout: 30)
        clock = Clock(server.clock)
        outbox = Outbox(application: application)
        functions = Functions(application: application)
    }

    deinit { server.shutdown() }

    /// The bound port.
    public var port: Int { server.port }

    /// Another application value for the same app: its own current user (a second device).
    public func makeApplication(transport: (any LCTransport)? = nil) -> LCApplication {
        LCApplication(id: credentials.appId, key: credentials.appKey, serverURL: baseURL, masterKey: credentials.masterKey,
                      transport: transport ?? application.transport, timeout: application.timeout)
    }

    /// A fresh start for the next test on the same emulator: empties the default app's tables,
    /// outbox, function stubs and faults and reloads its seed (as `POST /__admin/reset`), puts the clock back to real
    /// time (as `clock.reset()`), and logs `application`'s user out.
    ///
    /// Only the default app (the first of the configuration) is reset. The clock is the
    /// emulator's one clock: every app sees it back at real time.
    public func reset() async throws {
        try server.app(credentials.appId)?.reset()
        clock.reset()
        application.logOut()
    }
}

// MARK: - How it starts (shared with TestServer)

/// How every in-test emulator is configured and opened: users' `Emulator` and LCEmu's own
/// `TestServer` (EmuTestSupport, which reaches this through `package` access) start the same
/// way, so what a contributor's test exercises is what a user's test gets.
package enum EmulatorLaunch {
    /// What every in-test emulator starts from: loopback, a free port, an in-memory database,
    /// quiet logs, and the project's `seed/` only when asked for.
    package static func configuration(seeded: Bool) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration()
        configuration.http.host = "127.0.0.1"
        configuration.http.port = 0
        configuration.dataDirectory = ":memory:"
        configuration.logLevel = .warning
        configuration.seedDirectory = seeded ? SeedLocator.defaultDirectory() : nil
        return configuration
    }

    /// Opens the databases with `open` (a test may add routes of its own) and, when `listening`,
    /// binds the socket; without it the server answers only in-process (`respond(to:)`).
    package static func start(
        _ configuration: EmulatorConfiguration, listening: Bool = true,
        open: (EmulatorConfiguration) throws -> EmulatorServer = { try EmulatorServer(configuration: $0) }
    ) throws -> EmulatorServer {
        let server = try open(configuration)
        if listening {
            do {
                try server.start()
            } catch {
                server.shutdown()
                throw error
            }
        }
        return server
    }
}

// MARK: - Clock

extension Emulator {
    /// Moves the emulator's clock, which every expiry follows: sessions, captchas, SMS codes,
    /// upload tokens. It never sleeps.
    public struct Clock: Sendable {
        let clock: EmulatorClock

        init(_ clock: EmulatorClock) { self.clock = clock }

        /// Emulator time, milliseconds since 1970.
        public var nowMilliseconds: Int64 { clock.nowMilliseconds }

        public func advance(milliseconds: Int64) { clock.advance(milliseconds: milliseconds) }

        public func advance(seconds: Double) { clock.advance(milliseconds: Int64((seconds * 1000).rounded())) }

        /// `emulator.clock.advance(by: .seconds(3600))`.
        public func advance(by duration: Duration) {
            let (seconds, attoseconds) = duration.components
            clock.advance(milliseconds: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        }

        /// Pins the clock to an instant (it then stands still until advanced).
        public func set(milliseconds: Int64) { clock.set(milliseconds: milliseconds) }

        /// Stops the clock where it is: captchas (60 s), SMS codes and sessions then expire only
        /// when the test moves the clock, never because a loaded CI machine held the test back.
        public func freeze() { clock.set(milliseconds: clock.nowMilliseconds) }

        /// Back to real time: no offset, not pinned (`Emulator.reset()` does this too).
        public func reset() { clock.reset() }
    }
}

// MARK: - Snapshots

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

// MARK: - AdminPath

/// `/__admin/<collection>/<name>` with the name as one percent-encoded path segment (RFC 3986
/// unreserved characters kept), for the harness's admin calls.
enum AdminPath {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func named(_ collection: String, _ name: String) -> String {
        "/__admin/\(collection)/" + (name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? name)
    }
}
