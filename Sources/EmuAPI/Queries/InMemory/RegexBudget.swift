import Foundation

/// A time budget for one `$regex` match. Backtracking patterns such as `^(a+)+$` take
/// exponential time on some inputs (40 characters: hours); without a budget one query could pin
/// a worker for good. ICU reports progress while it matches, and the match stops at the deadline.
enum RegexBudget {
    /// How long one match may run; ordinary patterns take microseconds.
    static let perMatch: Duration = .milliseconds(50)

    /// Thrown inside SQLite when a match runs out of budget; the statement fails with its message.
    struct Exceeded: Error, CustomStringConvertible {
        static let message = "lcemu: $regex match exceeded its time budget"
        var description: String { Self.message }
    }

    /// Whether `regex` matches somewhere in `text`; nil when the match ran past the budget.
    static func firstMatch(_ regex: NSRegularExpression, in text: String) -> Bool? {
        let deadline = ContinuousClock.now + perMatch
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
}
