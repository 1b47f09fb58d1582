import EmuAPI
import EmuHTTP
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The ready banner: the address, each app with its keys (the default, first one marked when
    /// there are several), TLS, CORS, the exposures, `extra` lines, one `seed:` line per app saying
    /// what its seed did (never naming a seed that was not loaded), and the data line last
    /// (scripts wait for it).
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
            if let engine = app.engine { lines.append("  engine:     \(engine.url)") }
        }
        if let tls { lines.append("  tls:        \(tls)") }
        if let prefix = configuration.appsOnDemandPrefix {
            let start = configuration.appsOnDemandSeeded ? "seeded" : "empty"
            lines.append("  on demand:  app ids \(prefix)… made on first use (\(start), the default app's keys)")
        }
        if !configuration.corsOrigins.isEmpty {
            lines.append("  cors:       cookies allowed from \(configuration.corsOrigins.patterns.joined(separator: ", "))")
        }
        if !configuration.adminOrigins.isEmpty {
            lines.append("  admin:      pages of \(configuration.adminOrigins.patterns.joined(separator: ", ")) may call /__admin")
        }
        if !configuration.allowedHosts.patterns.isEmpty {
            lines.append("  hosts:      /__admin also answers for \(configuration.allowedHosts.patterns.joined(separator: ", "))")
        }
        lines += exposures.map(\.bannerLine)
        lines += extra
        for start in server.seedStarts {
            lines.append("  seed:       \(several ? "\(start.appId): " : "")\(start.summary)")
        }
        lines.append("  data:       \(configuration.dataDirectory)")
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - The banner's dashboard lines

/// The banner's dashboard lines: where the page is, and a one-time link that logs a tab in to
/// the first app without typing its master key (docs/dashboard.md). The link carries a random
/// token in its fragment, never the key; it works once, within 15 minutes.
extension StartedEmulator {
    var dashboardLines: [String] {
        var lines = ["  dashboard:  \(server.dashboardURL(base: localURL))"]
        if let link = server.dashboardLoginLink(base: localURL) {
            lines.append("  log in:     \(link) (one use, 15 min)")
        }
        return lines
    }
}

// MARK: - StartFailure

/// Why `serve` or `exec` could not start although its options were well formed: the machine refused,
/// not the user. These exit 1, usage errors 64 (docs/configuration.md, "Exit statuses"), so a
/// script can tell "fix the command" from "free the port, fix the files, retry".
enum StartFailure {
    /// `cannot listen on 127.0.0.1:3000: address already in use`.
    static func listening(host: String, port: Int, _ error: Error) -> CommandFailure {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return CommandFailure("cannot listen on \(address): \(reason(error))")
    }

    /// The databases, seed or data directory could not be opened or loaded; or `exec --import`
    /// met a database that already has data.
    static func opening(_ error: Error) -> CommandFailure {
        if let error = error as? InitialDataError {
            return CommandFailure("--import: \(error) (use --data :memory:, the default of exec, or an empty directory)")
        }
        return CommandFailure("cannot start: \(error)")
    }

    /// A certificate or key that exists but does not load, or a self-signed one that cannot be kept.
    static func tls(_ detail: String) -> CommandFailure {
        CommandFailure("TLS: \(detail)")
    }

    /// `strerror`'s text in lower case (`address already in use`), as the rest of the line is;
    /// a failure without errno (an unresolvable host) keeps its own words.
    private static func reason(_ error: Error) -> String {
        guard let socketError = error as? SocketError, socketError.code != 0 else { return "\(error)" }
        let text = String(cString: strerror(socketError.code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
