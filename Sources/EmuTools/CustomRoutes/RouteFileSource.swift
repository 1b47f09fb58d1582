import Dispatch
import EmuData
import EmuRouting
import Primitives

/// The route files of one app (`--routes`): loads them at start-up (an error stops the start),
/// again when `POST /__admin/routes/reload` asks, and whenever their modification times change
/// (a poll every `CustomRouteLimits.pollMilliseconds` on a Dispatch timer). A reload that fails
/// keeps the routes in place and logs the error: a half-edited file never empties the set.
public final class RouteFileSource: Sendable {
    public let path: String
    /// The emulator's data directory (`--data`): no route serves its files.
    let dataDirectory: String?
    let routes: CustomRoutes
    let logger: Logger
    /// Whether the LeanCloud router answers a method and path: routes that shadow one are logged.
    let isLeanCloudRoute: @Sendable (_ method: String, _ path: String) -> Bool
    private let fingerprint = Locked<[String]>([])
    private let timer = Locked<DispatchSourceTimerBox?>(nil)

    package init(path: String, dataDirectory: String?, routes: CustomRoutes, logger: Logger,
         isLeanCloudRoute: @escaping @Sendable (String, String) -> Bool) {
        self.path = path
        self.dataDirectory = dataDirectory
        self.routes = routes
        self.logger = logger
        self.isLeanCloudRoute = isLeanCloudRoute
    }

    /// Loads the files into the app's routes; throws `RouteFileError` and changes nothing on failure.
    @discardableResult
    package func load() throws -> Int {
        let seen = RouteFileLoader.fingerprint(path)
        let loaded = try RouteFileLoader.load(path, dataDirectory: dataDirectory)
        routes.load(loaded)
        fingerprint.withValue { $0 = seen }
        reportShadowing(loaded)
        return loaded.count
    }

    /// Where a route added over HTTP reads its `bodyFile`: the folder `--routes` names, and
    /// nothing when it names a file (`RoutesFolder.besideARouteFile`).
    var folderForRoutesAddedOverHTTP: RoutesFolder {
        RouteFileLoader.isFolder(path) ? RoutesFolder(path, dataDirectory: dataDirectory) : .besideARouteFile
    }

    /// Starts the modification-time poll.
    package func watch() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "lcemu.routes.watch"))
        let interval = DispatchTimeInterval.milliseconds(CustomRouteLimits.pollMilliseconds)
        source.schedule(deadline: .now() + interval, repeating: interval)
        source.setEventHandler { [weak self] in self?.reloadIfChanged() }
        source.resume()
        timer.withValue { $0 = DispatchSourceTimerBox(source) }
    }

    func stopWatching() {
        timer.withValue { box in
            box?.source.cancel()
            box = nil
        }
    }

    private func reloadIfChanged() {
        let seen = RouteFileLoader.fingerprint(path)
        guard seen != fingerprint.current else { return }
        do {
            let count = try load()
            logger.info("routes: reloaded \(count) from \(path)")
        } catch {
            // Remember the version that was read, so a broken file is reported once, not every
            // poll. Taken before reading: a file still being written (read empty, say) that is
            // finished meanwhile differs from it, and is read again at the next poll.
            fingerprint.withValue { $0 = seen }
            logger.error("routes: \(error); keeping the routes loaded before")
        }
    }

    private func reportShadowing(_ loaded: [CustomRoute]) {
        for route in loaded {
            let (methods, example): ([String], String)
            switch route.kind {
            case .stub(let pattern, _): (methods, example) = (pattern.method.map { [$0] } ?? ["GET", "POST", "PUT", "DELETE"], pattern.path.example)
            case .resource(let spec): (methods, example) = (["GET", "POST"], spec.path.example)
            }
            for method in methods where isLeanCloudRoute(method, example) {
                logger.warning("routes: route '\(route.id)' (\(route.source)) shadows the LeanCloud route \(method) \(route.pathText): custom routes are tried first")
            }
        }
    }
}

// @unchecked: a Dispatch source is thread-safe; it is only ever touched under the `timer` lock.
final class DispatchSourceTimerBox: @unchecked Sendable {
    let source: DispatchSourceTimer
    init(_ source: DispatchSourceTimer) { self.source = source }
}
