import EmuData
import EmuRouting
import LCWire

/// The time one request's `matches` matchers may take together, across every route the request
/// is tried against (`CustomRouteLimits.regexBudgetMillisecondsPerRequest`). Backtracking
/// patterns such as `^(a+)+$` take exponential time on some inputs; a budget per match would let
/// twenty such routes hold one request for twenty budgets. The match stops at the deadline
/// (`RegexBudget.firstMatch(_:in:until:)`); once spent, every further regex of the request throws
/// at once. One request's, used on one thread: never shared.
package final class RequestRegexBudget {
    /// The budget ran out: the request cannot be matched, so it is answered with an error.
    package struct Exhausted: Error {}

    private let deadline: ContinuousClock.Instant
    private(set) var isExhausted = false

    package init(_ budget: Duration = .milliseconds(CustomRouteLimits.regexBudgetMillisecondsPerRequest)) {
        deadline = .now + budget
    }

    /// Whether `regex` matches somewhere in `text`; throws when the request's time is spent.
    func firstMatch(_ regex: RegularExpression, in text: String) throws(Exhausted) -> Bool {
        guard !isExhausted, let found = RegexBudget.firstMatch(regex, in: text, until: deadline) else {
            isExhausted = true
            throw Exhausted()
        }
        return found
    }

    /// The answer to a request whose budget ran out: which route would answer is unknown, so
    /// none does. 500, not 400: the pattern is the route author's, and only backtracks this
    /// badly on some inputs.
    package static var spentAnswer: APIResponse {
        let budget = CustomRouteLimits.regexBudgetMillisecondsPerRequest
        let message = "Custom routes: the request's regex matchers ran past their \(budget) ms budget; simplify the \"matches\" patterns."
        return APIResponse(status: 500, json: [LCWireKey.code: 1, LCWireKey.error: .string(message)])
    }
}

// MARK: - RouteRegex

/// A compiled `matches` regex, run under its request's time budget (`RequestRegexBudget`): a
/// catastrophic pattern spends the request's budget once, instead of pinning a thread per route.
struct RouteRegex: Sendable {
    let pattern: String
    private let expression: RegularExpression?

    /// Never throws: a pattern that does not compile is reported by `orFail` with its field.
    init(_ pattern: String) {
        self.pattern = pattern
        expression = try? RegularExpression(pattern)
    }

    func orFail(field: String) throws -> RouteRegex {
        guard expression != nil else { throw RouteDefinitionError(field: field, "regex '\(pattern)' does not compile") }
        return self
    }

    func matches(_ text: String, within budget: RequestRegexBudget) throws(RequestRegexBudget.Exhausted) -> Bool {
        guard let expression else { return false }
        return try budget.firstMatch(expression, in: text)
    }
}
