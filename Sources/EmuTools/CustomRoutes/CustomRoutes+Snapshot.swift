import EmuData
import EmuRouting

extension CustomRoutes {
    /// The routes as one request sees them, taken once under the lock (the arrays are shared,
    /// not copied): the request is matched against them outside the lock.
    package struct Snapshot: Sendable {
        let routes: [CustomRoute]
        /// Those of `routes` with a `matches` matcher, kept as the routes change.
        let regexRoutes: [CustomRoute]
        let observer: (@Sendable (String) -> Void)?

        /// Whether matching `request` may run a regular expression (up to the request's budget):
        /// a route with a `matches` matcher fits its method and path. Only such requests are
        /// matched on the worker pool; the rest never wait behind its work (Pipeline.handle).
        package func mayRunRegex(_ request: IncomingRequest) -> Bool {
            regexRoutes.contains { route in
                if case .stub(let pattern, _) = route.kind { return pattern.captures(request) != nil }
                return false
            }
        }

        /// Whether the near-miss report of a 404 runs a regex: it tries every route's matchers,
        /// whatever the path (`CustomRoutes.nearMisses`).
        package var nearMissesRunRegex: Bool { !regexRoutes.isEmpty }
    }
}
