import EmuAPI
import EmuHTTP
import Primitives

/// What `serve` and `exec` share: the options made into a configuration, an emulator opened and
/// listening, and the banner. A start that fails with good options is a `StartFailure` (exit 1).
struct StartedEmulator: Sendable {
    let server: EmulatorServer
    /// The banner's TLS line (the certificate, or that it is self-signed); nil for plain HTTP.
    let tls: String?
    /// What the config file opened beyond this machine with no flag or variable saying the same,
    /// and every engine on another host (`Exposure`).
    let exposures: [Exposure]

    var configuration: EmulatorConfiguration { server.configuration }

    /// Opens the databases and listens; `adjust` may change the configuration the options made
    /// (with `defaults`) before anything opens.
    /// `warn: false` keeps the seed's warnings (`SeedStart.warning`) unsaid (`exec --quiet`), never
    /// the exposures': quiet is for noise, and these are what the user did not ask for.
    static func start(_ options: ServeOptions, defaults: ServeOptions.Defaults = .serve, warn: Bool = true,
                      adjusting adjust: (inout EmulatorConfiguration) throws -> Void = { _ in }) throws -> StartedEmulator {
        let made = try options.configuration(defaults)
        var configuration = made.configuration
        let tls = try TLSSetup.make(options.tls.mode(), dataDirectory: configuration.dataDirectory)
        configuration.http.transportFactory = tls?.factory
        try adjust(&configuration)
        // The options were valid when we got here: what fails now is the machine's, exit 1.
        let server: EmulatorServer
        do {
            server = try EmulatorServer(configuration: configuration)
        } catch {
            throw StartFailure.opening(error)
        }
        do {
            try server.start()
        } catch {
            throw StartFailure.listening(host: configuration.http.host, port: configuration.http.port, error)
        }
        for exposure in made.exposures { StandardStream.error.write("lcemu: \(exposure.warning)\n") }
        // A seed that was given but not loaded is said once, on stderr, with how to load it.
        for warning in server.seedStarts.compactMap(\.warning) where warn { StandardStream.error.write("lcemu: \(warning)\n") }
        return StartedEmulator(server: server, tls: tls?.description, exposures: made.exposures)
    }

    /// The default (first) app, whose keys `exec` hands to its command.
    var defaultApp: AppConfiguration { configuration.apps[0] }

    /// The base URL a client on this machine uses: the bound port, and loopback for a server
    /// bound to every interface (`0.0.0.0`, `::`).
    var localURL: String {
        let host = configuration.http.host
        let reachable = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        let scheme = configuration.http.transportFactory == nil ? "http" : "https"
        return "\(scheme)://\(reachable.contains(":") ? "[\(reachable)]" : reachable):\(server.port)"
    }
}
