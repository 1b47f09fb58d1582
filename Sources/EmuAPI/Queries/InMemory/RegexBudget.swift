import Foundation

/// Time budgets for regular expressions. Backtracking patterns such as `^(a+)+$` take
/// exponential time on some inputs (40 characters: hours); ICU reports progress while it
/// matches, and a match stops at its deadline. Two budgets bound a query's `$regex`:
/// - `perMatch`, for one value, so that one catastrophic value fails at once;
/// - `perStatement`, for all the values of one query statement together, so that a pattern just
///   under `perMatch` on every row of a large class cannot pin a worker for rows × 50 ms.
/// Custom routes share `firstMatch(_:in:until:)` with a deadline per request (RequestRegexBudget).
enum RegexBudget {
    /// How long one match may run; ordinary patterns take microseconds.
    static let perMatch: Duration = .milliseconds(50)
    /// How long all the matches of one query statement may run together: far above what a
    /// simple pattern costs on 100,000 objects, far below a pinned worker.
    static let perStatement: Duration = .seconds(2)

    /// Thrown inside SQLite when a match runs out of budget; the statement fails with its message.
    struct Exceeded: Error, CustomStringConvertible {
        static let message = "lcemu: $regex match exceeded its time budget"
        var description: String { Self.message }
    }

    /// Whether `regex` matches somewhere in `text`; nil when the match ran past its budget, the
    /// sooner of `perMatch` and the statement's (`forStatement`).
    static func firstMatch(_ regex: NSRegularExpression, in text: String) -> Bool? {
        let own = ContinuousClock.now + perMatch
        return firstMatch(regex, in: text, until: statementDeadline.map { min($0, own) } ?? own)
    }

    /// Whether `regex` matches somewhere in `text`; nil when `deadline` passed first.
    static func firstMatch(_ regex: NSRegularExpression, in text: String, until deadline: ContinuousClock.Instant) -> Bool? {
        guard ContinuousClock.now < deadline else { return nil }
        var found = false
        var expired = false
        regex.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { result, _, stop in
            if result != nil {
                found = true
                stop.pointee = true
            } else if ContinuousClock.now > deadline {
                expired = true
                stop.pointee = true
            }
        }
        return expired ? nil : found
    }

    /// Runs `statement` with one `budget` for every match it makes on this thread (SQLite calls
    /// `lcemu_regexp` on the thread that steps the statement). A nested call keeps the outer budget.
    static func forStatement<T>(within budget: Duration = perStatement, _ statement: () throws -> T) rethrows -> T {
        guard statementDeadline == nil else { return try statement() }
        Thread.current.threadDictionary[deadlineKey] = ContinuousClock.now + budget
        defer { Thread.current.threadDictionary.removeObject(forKey: deadlineKey) }
        return try statement()
    }

    private static let deadlineKey = "lcemu.regexStatementDeadline"

    private static var statementDeadline: ContinuousClock.Instant? {
        Thread.current.threadDictionary[deadlineKey] as? ContinuousClock.Instant
    }
}
