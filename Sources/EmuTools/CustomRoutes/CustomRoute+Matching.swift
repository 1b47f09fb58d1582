import EmuData
import EmuRouting

extension CustomRoute {
    /// The match when method, path and matchers fit; the scenario is the set's to check.
    /// `willCheckFields` hears the route's id when its method and path fit, before its matchers
    /// run (`CustomRoutes.observeMatching`). Throws when the request's regex budget runs out.
    func match(_ request: IncomingRequest, within budget: RequestRegexBudget,
               willCheckFields: ((String) -> Void)? = nil) throws(RequestRegexBudget.Exhausted) -> RouteMatch? {
        switch kind {
        case .stub(let pattern, _):
            guard let captures = pattern.captures(request) else { return nil }
            willCheckFields?(id)
            guard try pattern.fieldsMatch(request, within: budget) else { return nil }
            return RouteMatch(route: self, captures: captures, operation: nil)
        case .resource(let spec):
            guard let (operation, captures) = spec.operation(for: request) else { return nil }
            return RouteMatch(route: self, captures: captures, operation: operation)
        }
    }

    /// Every way `request` differs from this route, the scenario state included.
    func differences(_ request: IncomingRequest, scenarioState: String?, within budget: RequestRegexBudget) -> [RouteDifference] {
        var found: [RouteDifference]
        switch kind {
        case .stub(let pattern, _): found = pattern.differences(request, within: budget)
        case .resource(let spec): found = spec.operation(for: request) == nil ? spec.differences(request).map(RouteDifference.init) : []
        }
        if let scenario, let required = scenario.requiredState, required != scenarioState {
            found.append(RouteDifference("scenario \(scenario.name): requires state \(required), is \(scenarioState ?? ScenarioStep.initialState)"))
        }
        return found
    }

    /// How far the path is from the route's, for ranking near misses: 0 when it matches.
    func pathDistance(_ path: String) -> Int {
        let want = pathText.split(separator: "/"), got = path.split(separator: "/")
        if case .resource(let spec) = kind, spec.itemPath.match(path) != nil || spec.path.match(path) != nil { return 0 }
        if case .stub(let pattern, _) = kind, pattern.path.match(path) != nil { return 0 }
        let common = zip(want, got).prefix { $0 == $1 || $0.hasPrefix(":") }.count
        return max(want.count, got.count) - common + 1
    }
}
