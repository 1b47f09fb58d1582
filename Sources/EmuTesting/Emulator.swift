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
