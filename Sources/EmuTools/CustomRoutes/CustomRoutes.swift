import EmuData
import EmuRouting
import LCWire
import Primitives

/// One app's custom routes: those loaded from files, those added over HTTP, their counters and
/// the scenarios' states, behind one lock. One order, for files and API alike: by `priority`
/// (1–10, lower first, default 5), and within one priority in list order — the files' routes in
/// file-name order and position in each file, then the routes added over HTTP in the order they
/// were added; a replaced route (PUT) keeps its place. The first that matches answers; a test
/// that overrides a file's route gives its route `"priority": 1`. `reset()` goes back to the
/// loaded set.
public final class CustomRoutes: Sendable {
    private struct State {
        var loaded: [CustomRoute] = []
        var routes: [CustomRoute] = [] {
            // Kept beside the routes, so a request never walks them all under the lock.
            didSet {
                regexRoutes = routes.filter(\.usesRegex)
                routeCount.store(routes.count)
            }
        }
        /// How many routes there are, read without the lock by every request (`snapshot`).
        let routeCount: AtomicInteger
        var regexRoutes: [CustomRoute] = []
        var counters: [String: Int] = [:]
        var scenarios: [String: String] = [:]
        var observer: (@Sendable (String) -> Void)?
    }
    private let routeCount = AtomicInteger()
    private let state: Locked<State>
    /// The files the loaded set comes from (`--routes`), for reloads; nil when none.
    private let files = Locked<RouteFileSource?>(nil)

    public init() {
        state = Locked(State(routeCount: routeCount))
    }

    package var fileSource: RouteFileSource? { files.current }

    package func attach(_ source: RouteFileSource?) {
        let previous = files.withValue { current -> RouteFileSource? in
            defer { current = source }
            return current
        }
        previous?.stopWatching()
    }

    /// Replaces the routes that came from files, keeping those added over HTTP.
    func load(_ routes: [CustomRoute]) {
        state.withValue { state in
            state.loaded = Self.ordered(routes)
            state.routes = Self.ordered(routes + state.routes.filter { $0.source == CustomRouteSource.api })
        }
    }

    var all: [CustomRoute] { state.current.routes }
    /// The routes as one request sees them (`Snapshot`); nil when there are none, the cheap
    /// answer most requests get.
    package var snapshot: Snapshot? {
        // Most apps have none, and every request of theirs asks: no lock for them.
        guard routeCount.load() > 0 else { return nil }
        return state.withValue { state in
            state.routes.isEmpty ? nil : Snapshot(routes: state.routes, regexRoutes: state.regexRoutes, observer: state.observer)
        }
    }

    func route(_ id: String) -> CustomRoute? { state.current.routes.first { $0.id == id } }

    /// Adds a route, or replaces the one with its id in place (PUT). Throws when the id is taken
    /// and `replacing` is false, or when the set is full.
    func add(_ route: CustomRoute, replacing: Bool) throws {
        try state.withValue { state in
            if let index = state.routes.firstIndex(where: { $0.id == route.id }) {
                guard replacing else { throw RouteDefinitionError(route: route.id, field: "id", "a route with this id exists (PUT /__admin/routes/\(route.id) replaces it)") }
                state.routes[index] = route
                state.routes = Self.ordered(state.routes)
                return
            }
            guard state.routes.count < CustomRouteLimits.maxRoutes else {
                throw RouteDefinitionError(route: route.id, field: "", "at most \(CustomRouteLimits.maxRoutes) routes per app")
            }
            state.routes.append(route)
            state.routes = Self.ordered(state.routes)
        }
    }

    /// `routes` by priority, keeping their list order within one priority (a stable sort).
    static func ordered(_ routes: [CustomRoute]) -> [CustomRoute] {
        routes.enumerated().sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }.map(\.element)
    }

    @discardableResult
    func remove(_ id: String) -> Bool {
        state.withValue { state in
            let before = state.routes.count
            state.routes.removeAll { $0.id == id }
            return state.routes.count < before
        }
    }

    /// The first route of `snapshot` that answers `request`, its counter and scenario moved on.
    /// The matchers run outside the lock, on the snapshot: one request's slow regex never queues
    /// another's. Only a fitting route's scenario step and counter are taken under the lock, so
    /// two concurrent calls never both take a "first call fails" step. Throws when the request's
    /// regex budget runs out before a route answers.
    package func match(_ request: IncomingRequest, in snapshot: Snapshot,
               within budget: RequestRegexBudget) throws(RequestRegexBudget.Exhausted) -> RouteMatch? {
        for route in snapshot.routes {
            guard var found = try route.match(request, within: budget, willCheckFields: snapshot.observer) else { continue }
            guard let counter = take(route) else { continue }
            found.counter = counter
            return found
        }
        return nil
    }

    /// Moves `route`'s scenario on and counts its answer; nil when its scenario is in another state.
    private func take(_ route: CustomRoute) -> Int? {
        state.withValue { state in
            if let step = route.scenario {
                let current = state.scenarios[step.name] ?? ScenarioStep.initialState
                if let required = step.requiredState, required != current { return nil }
                if let next = step.newState { state.scenarios[step.name] = next }
            }
            let count = (state.counters[route.id] ?? 0) + 1
            state.counters[route.id] = count
            return count
        }
    }

    /// The routes closest to `request` and how it differs from each: the path first, then the
    /// fewest differences. Its regexes share one budget of their own.
    package func nearMisses(_ request: IncomingRequest) -> [NearMiss] {
        let current = state.current
        let budget = RequestRegexBudget()
        let ranked = current.routes.map { route in
            NearMiss(routeId: route.id, distance: route.pathDistance(request.path),
                     differences: route.differences(request, scenarioState: route.scenario.flatMap { current.scenarios[$0.name] },
                                                    within: budget))
        }
        return Array(ranked.sorted { ($0.distance, $0.differences.count) < ($1.distance, $1.differences.count) }
            .prefix(CustomRouteLimits.nearMisses))
    }

    /// Test hook: `observer` hears a route's id each time a request's method and path fit it,
    /// before its header, query and body matchers run (on the request's thread). Tests count
    /// and pause matching with it; nil (the default) turns it off.
    public func observeMatching(_ observer: (@Sendable (_ routeId: String) -> Void)?) {
        state.withValue { $0.observer = observer }
    }

    /// Every scenario a route names or a test set, with its state, by name.
    var scenarios: [(name: String, state: String)] {
        let current = state.current
        let names = Set(current.routes.compactMap { $0.scenario?.name }).union(current.scenarios.keys)
        return names.sorted().map { ($0, current.scenarios[$0] ?? ScenarioStep.initialState) }
    }

    func setScenario(_ name: String, to newState: String) { state.withValue { $0.scenarios[name] = newState } }

    /// Every scenario back to `Started`.
    func resetScenarios() { state.withValue { $0.scenarios = [:] } }

    /// The loaded routes only, counters from zero, every scenario `Started`.
    public func reset() {
        state.withValue { state in
            state.routes = state.loaded
            state.counters = [:]
            state.scenarios = [:]
        }
    }
}

/// Where a route came from, when not a file.
enum CustomRouteSource {
    /// The `source` of a route added over HTTP.
    static let api = "api"
}

// MARK: - Snapshot

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

// MARK: - Limits

/// Every limit of custom routes in one place, documented in docs/custom-backends.md.
enum CustomRouteLimits {
    /// Routes per app, from files and the API together.
    static let maxRoutes = 1_000
    /// One route definition, serialized, and one body file: a mock answers documents, not downloads.
    static let maxBodyBytes = 1 << 20
    /// A route file (or every file of a route folder).
    static let maxFileBytes = 8 << 20
    /// The longest `delayMs`, as for faults.
    static let maxDelayMilliseconds = 60_000
    /// How often the route files' modification times are compared while running.
    static let pollMilliseconds = 500
    /// The time a request's `matches` matchers may take together, across every route tried (and
    /// once more for the near-miss report of a request none answers): the `$regex` figure, per
    /// request rather than per match, so the number of routes cannot multiply it. A request that
    /// spends it is answered 500 (`RequestRegexBudget.spentAnswer`).
    static let regexBudgetMillisecondsPerRequest = 50
    /// How many near misses a 404 reports.
    static let nearMisses = 3
}
