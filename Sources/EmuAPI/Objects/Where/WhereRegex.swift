import Foundation
import LCWire

/// A compiled `$regex` with its `$options`: `i` case-insensitive, `m` multi-line anchors,
/// `s` dot matches newlines, `x` extended (whitespace and `#` comments ignored) (spec §3.2).
struct WhereRegex: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to share between threads.
    let expression: NSRegularExpression

    init(pattern: JSON, options: JSON?) throws {
        guard let text = pattern.stringValue else { throw APIError(.invalidQuery("'$regex' needs a string")) }
        var flags: NSRegularExpression.Options = []
        if let options {
            guard let letters = options.stringValue else { throw APIError(.invalidQuery("'$options' needs a string")) }
            for letter in letters {
                switch letter {
                case "i": flags.insert(.caseInsensitive)
                case "m": flags.insert(.anchorsMatchLines)
                case "s": flags.insert(.dotMatchesLineSeparators)
                case "x": flags.insert(.allowCommentsAndWhitespace)
                default: throw APIError(.invalidQuery("unsupported '$options' letter '\(letter)'"))
                }
            }
        }
        do {
            expression = try NSRegularExpression(pattern: text, options: flags)
        } catch {
            throw APIError(.invalidQuery("invalid '$regex' pattern"))
        }
    }

    /// A match that runs past `RegexBudget.perMatch` counts as none: the condition then fails
    /// (a conditional write answers 305) instead of pinning the worker.
    func matches(_ text: String) -> Bool {
        RegexBudget.firstMatch(expression, in: text) ?? false
    }
}
