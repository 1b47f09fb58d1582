import EmuAPI

/// What `serve` and `exec` share: the options made into a configuration, an emulator opened and
/// listening, and the banner. A start that fails with good options is a `StartFailure` (exit 1).
struct StartedEmulator: Sendable {
    let server: EmulatorServer
    /// The banner's TLS line (the certificate, or that it is self-signed); nil for plain HTTP.
    let tls: String?

    var configuration: EmulatorConfiguration { server.configuration }

    /// Opens the databases and listens; `adjust` may change the configuration the options made
    /// before anything opens.
    static func start(_ options: ServeOptions,
                      adjusting adjust: (inout EmulatorConfiguration) throws -> Void = { _ in }) throws -> StartedEmulator {
        var configuration = try options.configuration()
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
        return StartedEmulator(server: server, tls: tls?.description)
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

    /// The ready banner: the address, each app with its keys (the default, first one marked when
    /// there are several), TLS, CORS, `extra` lines, and the data line last (scripts wait for it).
    func banner(extra: [String] = []) -> String {
        var lines = ["lcemu \(LCEmuVersion.current) listening on \(server.baseURL)"]
        let several = configuration.apps.count > 1
        for (index, app) in configuration.apps.enumerated() {
            lines.append("  app id:     \(app.appId)\(several && index == 0 ? " (default)" : "")")
            lines.append("  app key:    \(app.appKey)")
            lines.append("  master key: \(app.masterKey)")
            if let window = app.options.signMaxSkewMilliseconds(
                inheriting: AppOptions.milliseconds(seconds: configuration.signMaxSkewSeconds)) {
                let seconds = Double(window) / 1000
                lines.append("  sign skew:  ±\(seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)") s")
            }
        }
        if let tls { lines.append("  tls:        \(tls)") }
        if !configuration.corsOrigins.isEmpty {
            lines.append("  cors:       cookies allowed from \(configuration.corsOrigins.patterns.joined(separator: ", "))")
        }
        if !configuration.adminOrigins.isEmpty {
            lines.append("  admin:      pages of \(configuration.adminOrigins.patterns.joined(separator: ", ")) may call /__admin")
        }
        if !configuration.allowedHosts.patterns.isEmpty {
            lines.append("  hosts:      /__admin also answers for \(configuration.allowedHosts.patterns.joined(separator: ", "))")
        }
        lines += extra
        lines.append("  data:       \(configuration.dataDirectory)\(configuration.seedDirectory.map { " (seed: \($0))" } ?? "")")
        return lines.joined(separator: "\n") + "\n"
    }
}
