import ArgumentParser
import EmuAPI
import EmuHTTP
import Foundation

extension ServeOptions {
    /// The resolved host and port, shared with `healthcheck`.
    func address() throws -> (host: String, port: Int) {
        let host = Environment.string(host, "LCEMU_HOST", default: "127.0.0.1")
        let port = try Environment.int(port, "LCEMU_PORT", default: 3000, range: 0...65_535)
        return (host, port)
    }

    /// Options, then environment, then defaults, validated into a configuration.
    func configuration() throws -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration()
        let (host, port) = try address()
        configuration.http.host = host
        configuration.http.port = port
        configuration.http.limits = HTTPParserLimits(
            maxRequestLineBytes: try Environment.int(maxRequestLine, "LCEMU_MAX_REQUEST_LINE", default: 8192, range: 64...1 << 20),
            maxHeaderBytes: try Environment.int(maxHeaderBytes, "LCEMU_MAX_HEADER_BYTES", default: 65_536, range: 256...16 << 20),
            maxBodyBytes: try Environment.int(maxBodyBytes, "LCEMU_MAX_BODY_BYTES", default: 20 << 20, range: 0...1 << 30))
        configuration.http.headerReadTimeout = try Environment.seconds(headerTimeout, "LCEMU_HEADER_TIMEOUT", default: 10)
        configuration.http.bodyReadTimeout = try Environment.seconds(bodyTimeout, "LCEMU_BODY_TIMEOUT", default: 60)
        configuration.http.idleTimeout = try Environment.seconds(idleTimeout, "LCEMU_IDLE_TIMEOUT", default: 75)
        configuration.http.maxConnections = try Environment.int(maxConnections, "LCEMU_MAX_CONNECTIONS", default: 10_000, range: 1...1_000_000)
        configuration.http.shutdownGracePeriod = try Environment.seconds(shutdownGrace, "LCEMU_SHUTDOWN_GRACE", default: 10)
        configuration.http.eventModel = try eventModel()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        configuration.workerCount = try Environment.int(workers, "LCEMU_WORKERS", default: max(2, cores), range: 1...256)
        configuration.journalSize = try Environment.int(journalSize, "LCEMU_JOURNAL_SIZE", default: 1000, range: 0...100_000)
        configuration.dataDirectory = appData.dataDirectory()
        try DataDirectoryCheck.validate(configuration.dataDirectory)
        configuration.durableWrites = Environment.flag(durableWrites, "LCEMU_DURABLE_WRITES")
        let levelName = Environment.string(logLevel, "LCEMU_LOG_LEVEL", default: "info")
        guard let level = LogLevel(rawValue: levelName.lowercased()) else {
            throw ValidationError("--log-level must be one of \(LogLevel.allCases.map(\.rawValue).joined(separator: ", ")), got '\(levelName)'")
        }
        configuration.logLevel = level
        configuration.apps = try apps()
        configuration.signMaxSkewSeconds = try Environment.optionalSeconds(signMaxSkew, "LCEMU_SIGN_MAX_SKEW", range: 0...86_400)
        configuration.seedDirectory = try seedDirectory()
        configuration.corsOrigins = try corsOriginList()
        try adminAccess(into: &configuration)
        configuration.routesPath = try routesPath()
        return configuration
    }

    private func eventModel() throws -> HTTPEventModel {
        let name = Environment.string(httpEvents, "LCEMU_HTTP_EVENTS", default: HTTPEventModel.platformDefault.rawValue)
        guard let model = HTTPEventModel(rawValue: name.lowercased()) else {
            throw ValidationError("--http-events must be loops or sources, got '\(name)'")
        }
        return model
    }

    /// The apps of `--config`, or the one app of `--app-id`/`--app-key`/`--master-key`: never both,
    /// so no one wonders which wins.
    private func apps() throws -> [AppConfiguration] {
        let single = [("--app-id", appData.appId, "LCEMU_APP_ID"), ("--app-key", appKey, "LCEMU_APP_KEY"),
                      ("--master-key", masterKey, "LCEMU_MASTER_KEY")]
        if let path = appData.configPath() {
            for (option, cli, variable) in single {
                if cli != nil { throw ValidationError("\(option) conflicts with --config: declare every app in the config file") }
                if Environment.value(variable) != nil {
                    throw ValidationError("\(variable) conflicts with --config: declare every app in the config file")
                }
            }
            return try AppsSource.load(configPath: path)
        }
        let development = AppConfiguration.development
        let app = AppConfiguration(
            appId: appData.requestedAppId() ?? development.appId,
            appKey: Environment.string(appKey, "LCEMU_APP_KEY", default: development.appKey),
            masterKey: Environment.string(masterKey, "LCEMU_MASTER_KEY", default: development.masterKey))
        try AppsSource.validate([app])
        return [app]
    }

    private func corsOriginList() throws -> CORSOrigins {
        do {
            return try CORSOrigins(Environment.list(corsOrigins, "LCEMU_CORS_ORIGINS"))
        } catch {
            throw ValidationError("--cors-origins: \(error)")
        }
    }

    /// `--admin-origins` and `--allowed-hosts`: who may reach /__admin from a browser.
    private func adminAccess(into configuration: inout EmulatorConfiguration) throws {
        do {
            configuration.adminOrigins = try CORSOrigins(Environment.list(adminOrigins, "LCEMU_ADMIN_ORIGINS"))
        } catch {
            throw ValidationError("--admin-origins: \(error)")
        }
        do {
            configuration.allowedHosts = try AllowedHosts(Environment.list(allowedHosts, "LCEMU_ALLOWED_HOSTS") + certificateHosts())
        } catch {
            throw ValidationError("--allowed-hosts: \(error)")
        }
    }

    /// The self-signed certificate's `--tls-names` are names this server is known by: `/__admin`
    /// answers them too (`*.example.test` as `.example.test`; IP addresses always are).
    private func certificateHosts() throws -> [String] {
        guard case .selfSigned(let names) = try tls.mode() else { return [] }
        return names.map { $0.hasPrefix("*.") ? String($0.dropFirst()) : $0 }.filter { (try? AllowedHosts([$0])) != nil }
    }

    /// `--routes` must name something that exists; what is in it is checked when the emulator
    /// opens (a bad route is a start failure, exit 1, naming file, route and field).
    private func routesPath() throws -> String? {
        guard let path = Environment.optionalString(routes, "LCEMU_ROUTES") else { return nil }
        guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("--routes: no file or folder at '\(path)'") }
        if appData.configPath() != nil, try apps().first?.routesPath != nil {
            throw ValidationError("--routes conflicts with the default app's \"routes\" in --config: declare it in one place")
        }
        return path
    }

    private func seedDirectory() throws -> String? {
        if Environment.flag(noSeed, "LCEMU_NO_SEED") { return nil }
        if let explicit = Environment.optionalString(seed, "LCEMU_SEED") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: explicit, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--seed: no directory at '\(explicit)'")
            }
            return explicit
        }
        return SeedLocator.defaultDirectory()
    }
}
