import ArgumentParser
import EmuAPI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Primitives

/// The apps `serve` opens, and what the default app starts with: its keys, its seed and its routes.
extension ServeOptions {
    /// The apps of `--config`, or the one app of `--app-id`/`--app-key`/`--master-key`: never both,
    /// so no one wonders which wins.
    func apps(_ settings: ConfiguredSettings) throws -> [AppConfiguration] {
        let single = [("--app-id", appData.appId, "LCEMU_APP_ID"), ("--app-key", appKey, "LCEMU_APP_KEY"),
                      ("--master-key", masterKey, "LCEMU_MASTER_KEY")]
        if let document = settings.document {
            for (option, cli, variable) in single {
                if cli != nil { throw ValidationError("\(option) conflicts with --config: declare every app in the config file") }
                if Environment.value(variable) != nil {
                    throw ValidationError("\(variable) conflicts with --config: declare every app in the config file")
                }
            }
            return document.apps
        }
        let development = AppConfiguration.development
        let app = AppConfiguration(
            appId: appData.requestedAppId() ?? development.appId,
            appKey: Environment.string(appKey, "LCEMU_APP_KEY", default: development.appKey),
            masterKey: Environment.string(masterKey, "LCEMU_MASTER_KEY", default: development.masterKey))
        try AppsSource.validate([app])
        return [app]
    }

    /// `--routes` (or `LCEMU_ROUTES`) for the default app, refused when the config file names its
    /// routes (the rule of `fixed`); it must name something that exists, what is in it is checked
    /// when the emulator opens (a bad route is a start failure, exit 1, naming file, route and field).
    func routesPath(_ settings: ConfiguredSettings) throws -> String? {
        if let app = settings.document?.apps.first {
            _ = try settings.fixed(app.routesPath, setting: "\"routes\" of app \(app.appId)", option: "--routes",
                                   given: routes, variable: "LCEMU_ROUTES")
        }
        guard let path = Environment.optionalString(routes, "LCEMU_ROUTES") else { return nil }
        guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("--routes: no file or folder at '\(path)'") }
        return path
    }

    /// The seed folders of apps that name none: `--seed` (repeatable) or `LCEMU_SEED` (a
    /// `:`-separated list), else the project's seed; none with `--no-seed`, which also empties
    /// the apps' own seeds. Refused beside a config file whose apps name a seed.
    func seedDirectories(_ settings: ConfiguredSettings) throws -> [String] {
        let folders = try settings.seedFolders(given: seed, beside: settings.appWithSeed)
        if Environment.flag(noSeed, "LCEMU_NO_SEED") { return [] }
        for app in settings.document?.apps ?? [] {
            for folder in app.seedPaths ?? [] where !Self.isDirectory(folder) {
                throw ValidationError("config file \(settings.path ?? ""): the seed of app \(app.appId): no directory at '\(folder)'")
            }
        }
        for folder in folders where !Self.isDirectory(folder) {
            throw ValidationError("--seed: no directory at '\(folder)'")
        }
        return folders
    }

    private static func isDirectory(_ path: String) -> Bool {
        FileStatus.isDirectory(path) == true
    }
}
