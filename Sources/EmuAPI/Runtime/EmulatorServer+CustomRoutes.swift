import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools

extension EmulatorServer {
    /// Loads each app's route files (the config file's `routes`; `configuration.routesPath` for
    /// the default, first app); a bad file throws `RouteFileError`, which stops the start.
    /// Routes that shadow a LeanCloud route are logged.
    static func loadCustomRoutes(_ configuration: EmulatorConfiguration, apps: [String: AppRuntime],
                                 router: Router<APIRoute>, logger: Logger) throws {
        for (index, declared) in configuration.apps.enumerated() {
            guard let path = declared.routesPath ?? (index == 0 ? configuration.routesPath : nil),
                  let app = apps[declared.appId] else { continue }
            let source = RouteFileSource(path: path, dataDirectory: configuration.dataDirectory, routes: app.customRoutes, logger: logger) { method, path in
                if case .found = router.match(method: method, path: path) { return true }
                return false
            }
            let count = try source.load()
            app.customRoutes.attach(source)
            logger.info("app \(declared.appId): \(count) custom routes from \(path)")
        }
    }

    /// Starts watching the route files for changes.
    func watchCustomRoutes() {
        for app in apps.values { app.customRoutes.fileSource?.watch() }
    }

    /// Stops the watches (and lets the sources go).
    func stopCustomRoutes() {
        for app in apps.values { app.customRoutes.attach(nil) }
    }
}
