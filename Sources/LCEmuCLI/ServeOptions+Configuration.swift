import ArgumentParser
import EmuAPI
import Primitives

/// The options made into the server's configuration.
extension ServeOptions {
    /// The defaults `exec` changes: it starts in memory on a free port, and `--quiet` logs errors
    /// only, unless the config file, a flag or a variable says otherwise (the rule of
    /// `ConfiguredSettings`, ending in these).
    struct Defaults {
        var data: String
        var port: Int
        var logLevel = LogLevel.info

        static let serve = Defaults(data: ".lcemu", port: 3000)
        static let exec = Defaults(data: ":memory:", port: 0)
    }

    /// The resolved host and port, shared with `healthcheck`.
    func address() throws -> (host: String, port: Int) {
        let (host, port, _) = try address(appData.settings(), defaults: .serve)
        return (host, port)
    }

    /// The host and port, and the exposure of a host the config file set beyond loopback.
    private func address(_ settings: ConfiguredSettings, defaults: Defaults) throws -> (host: String, port: Int, exposure: Exposure?) {
        let explicit = Environment.optionalString(host, "LCEMU_HOST")
        let fileHost = try settings.widening(settings.server.host, key: "host", option: "--host", given: host, variable: "LCEMU_HOST",
                                             saying: explicit, exposing: Exposure.host(_:file:))
        let port = try settings.fixed(settings.server.port, key: "port", option: "--port", given: port, variable: "LCEMU_PORT")
            ?? Environment.int(port, "LCEMU_PORT", default: defaults.port, range: 0...65_535)
        return (fileHost.value ?? explicit ?? "127.0.0.1", port, fileHost.exposure)
    }

    /// The config file, then options, then environment, then defaults (`ConfiguredSettings`),
    /// validated into a configuration; with what the file opened beyond this machine unconfirmed.
    func configuration(_ defaults: Defaults = .serve) throws -> (configuration: EmulatorConfiguration, exposures: [Exposure]) {
        let settings = try appData.settings()
        var configuration = EmulatorConfiguration()
        configuration.version = LCEmuVersion.current
        let (host, port, hostExposure) = try address(settings, defaults: defaults)
        configuration.http.host = host
        configuration.http.port = port
        try http.apply(to: &configuration)
        configuration.journalSize = try settings.fixed(settings.server.journalSize, key: "journalSize", option: "--journal-size",
                                                       given: journalSize, variable: "LCEMU_JOURNAL_SIZE")
            ?? Environment.int(journalSize, "LCEMU_JOURNAL_SIZE", default: 1000, range: 0...100_000)
        configuration.dataDirectory = try appData.dataDirectory(settings, default: defaults.data)
        try DataDirectoryCheck.validate(configuration.dataDirectory)
        configuration.durableWrites = Environment.flag(durableWrites, "LCEMU_DURABLE_WRITES")
        configuration.logLevel = try level(settings, default: defaults.logLevel)
        // --no-seed wins over the apps' own seeds too (and their credentials then name no one).
        let empty = Environment.flag(noSeed, "LCEMU_NO_SEED")
        configuration.apps = try apps(settings).enumerated().map { index, app in
            var app = index == 0 ? try cloudCode.apply(to: app, settings: settings) : app
            if empty { (app.seedPaths, app.credentialsPath) = (nil, nil) }
            return app
        }
        configuration.signMaxSkewSeconds = try Environment.optionalSeconds(signMaxSkew, "LCEMU_SIGN_MAX_SKEW", range: 0...86_400)
        configuration.seedDirectories = try seedDirectories(settings)
        configuration.reseed = Environment.flag(reseed, "LCEMU_RESEED")
        let cors = try browserAccess.corsOriginList(settings)
        configuration.corsOrigins = cors.origins
        try browserAccess.adminAccess(into: &configuration, tls: tls)
        configuration.routesPath = try routesPath(settings)
        try appsOnDemand.apply(settings, to: &configuration)
        let engines = configuration.apps.enumerated().compactMap { index, app in
            app.engine.flatMap { Exposure.engine($0, appId: app.appId, source: engineSource(settings, isDefaultApp: index == 0)) }
        }
        return (configuration, [hostExposure, cors.exposure].compactMap { $0 } + engines)
    }

    /// `--log-level`, `LCEMU_LOG_LEVEL` or the config file's `server.logLevel` (the rule of `fixed`).
    private func level(_ settings: ConfiguredSettings, default fallback: LogLevel) throws -> LogLevel {
        let levelName = try settings.fixed(settings.server.logLevel, key: "logLevel", option: "--log-level", given: logLevel, variable: "LCEMU_LOG_LEVEL")
            ?? Environment.string(logLevel, "LCEMU_LOG_LEVEL", default: fallback.rawValue)
        guard let level = LogLevel(rawValue: levelName.lowercased()) else {
            throw ValidationError("--log-level must be one of \(LogLevel.allCases.map(\.rawValue).joined(separator: ", ")), got '\(levelName)'")
        }
        return level
    }

    /// Who set an app's engine, for its exposure: the config file, else (the default app only)
    /// `--engine`, else `LCEMU_ENGINE` (`EngineOptions.apply`'s order).
    private func engineSource(_ settings: ConfiguredSettings, isDefaultApp: Bool) -> String {
        guard isDefaultApp, settings.document?.apps.first?.engine == nil else { return "config file \(settings.path ?? "")" }
        return cloudCode.engine != nil ? "--engine" : "LCEMU_ENGINE"
    }
}
