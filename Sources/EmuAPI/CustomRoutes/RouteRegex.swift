import Foundation

/// A compiled `matches` regex, run under the same time budget as a `$regex` query
/// (`RegexBudget.perMatch`): a catastrophic pattern counts as no match instead of pinning a thread.
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

    func matches(_ text: String) -> Bool {
        guard let expression else { return false }
        return RegexBudget.firstMatch(expression, in: text) ?? false
    }
}
