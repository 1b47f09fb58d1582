import EmuAPI

// MARK: - The ready banner

extension StartedEmulator {
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
