import EmuData
import EmuRouting
import Foundation

/// A compiled `matches` regex, run under its request's time budget (`RequestRegexBudget`): a
/// catastrophic pattern spends the request's budget once, instead of pinning a thread per route.
// @unchecked: NSRegularExpression is immutable and thread-safe, but not marked Sendable on Linux.
struct RouteRegex: @unchecked Sendable {
    let pattern: String
    private let expression: NSRegularExpression?

    /// Never throws: a pattern that does not compile is reported by `orFail` with its field.
    init(_ pattern: String) {
        self.pattern = pattern
        expression = try? NSRegularExpression(pattern: pattern)
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
