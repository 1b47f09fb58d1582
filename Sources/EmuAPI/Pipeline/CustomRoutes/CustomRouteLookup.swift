import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

/// One request's view of its app's custom routes, taken once when it arrives: the app, its
/// routes as they were then, and the request as the matchers read it.
struct CustomRouteLookup: Sendable {
    let app: AppRuntime
    let routes: CustomRoutes.Snapshot
    let request: IncomingRequest

    /// Whether matching may run a regex, and so spend the request's budget (50 ms): a route
    /// with a `matches` matcher fits the method and path. Then on the worker pool.
    var mayRunRegex: Bool { routes.mayRunRegex(request) }
}

extension CustomRouteStage {
    /// The custom routes that may answer `received`; nil when its app has none. A path that
    /// could be taken for `/__admin` in a spelling a lenient proxy would decode
    /// (`AdminPathSpelling`) has none either: no mock stands in front of the emulator's own checks.
    func lookup(_ received: HTTPRequest) -> CustomRouteLookup? {
        // The cheap tests first: most apps have no custom routes, and every request asks.
        guard let app = app(for: received), let routes = app.customRoutes.snapshot,
              !AdminPathSpelling.reachesAdmin(received.path) else { return nil }
        return CustomRouteLookup(app: app, routes: routes, request: IncomingRequest(received))
    }

    /// The app named by `X-LC-Id` when it is one of ours, else the default (first) app.
    private func app(for request: HTTPRequest) -> AppRuntime? {
        // One app, which is also the default: whatever the headers name, it is that app.
        if let only = authenticator.onlyApp, authenticator.defaultAppId == only.configuration.appId { return only }
        if let id = request.headers[LCHeaderName.id], let app = authenticator.app(withId: id) { return app }
        return authenticator.defaultAppId.flatMap { authenticator.apps[$0] }
    }
}
