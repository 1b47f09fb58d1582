import LCWire

/// The answers custom routes give when they cannot answer as defined, in LeanCloud's format.
enum CustomRouteErrors {
    /// A request whose `matches` matchers spent `CustomRouteLimits.regexBudgetMillisecondsPerRequest`: which
    /// route would answer is unknown, so none does. 500, not 400: the pattern is the route
    /// author's, and only backtracks this badly on some inputs.
    static var regexBudgetSpent: APIResponse {
        let budget = CustomRouteLimits.regexBudgetMillisecondsPerRequest
        let message = "Custom routes: the request's regex matchers ran past their \(budget) ms budget; simplify the \"matches\" patterns."
        return APIResponse(status: 500, json: [LCWireKey.code: 1, LCWireKey.error: .string(message)])
    }
}
