import EmuData
import EmuRouting
import LCWire

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

// MARK: - RouteMatch

/// A route that answers a request: with the path's captures and, for a resource, what it asks.
package struct RouteMatch: Sendable {
    package let route: CustomRoute
    package let captures: [String: String]
    let operation: ResourceOperation?
    /// The route's answers so far, this one included.
    package var counter = 0
}

// MARK: - RouteDifference

/// One way a request differs from a route, for the near-miss report of a 404. `detail` says what
/// the route expected (a value, a pattern) and is shown only with the master key and in the
/// journal; `summary` says which matcher missed and nothing of its value, because a matcher often
/// holds a secret (the API token a header must carry) and the 404 reaches any caller.
struct RouteDifference: Sendable, Equatable {
    let summary: String
    let detail: String

    init(summary: String, detail: String) {
        self.summary = summary
        self.detail = detail
    }

    /// A difference that discloses nothing of the route's matchers (method, path, scenario).
    init(_ text: String) { self.init(summary: text, detail: text) }

    /// The same difference with the field it is about in front: `headers.uuid: missing`.
    func about(_ field: String) -> RouteDifference {
        RouteDifference(summary: "\(field): \(summary)", detail: "\(field): \(detail)")
    }

    func text(disclosing: Bool) -> String { disclosing ? detail : summary }
}

// MARK: - NearMiss

/// A route that almost answered, for the 404 of an unmatched request.
package struct NearMiss: Sendable {
    let routeId: String
    let distance: Int
    let differences: [RouteDifference]

    /// The report entry; `disclosing` (the master key, the journal) adds what the route expected.
    package func json(disclosing: Bool) -> JSON {
        ["route": .string(routeId), "differences": .array(differences.map { .string($0.text(disclosing: disclosing)) })]
    }
}
