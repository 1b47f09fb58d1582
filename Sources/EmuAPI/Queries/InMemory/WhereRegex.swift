import Foundation
import LCWire

/// A compiled `$regex` with its `$options`: `i` case-insensitive, `m` multi-line anchors,
/// `s` dot matches newlines, `x` extended (whitespace and `#` comments ignored) (spec §3.2).
// @unchecked: NSRegularExpression is immutable and thread-safe, but not marked Sendable on Linux.
struct WhereRegex: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to share between threads.
    let expression: NSRegularExpression

    init(pattern: JSON, options: JSON?) throws {
        guard let text = pattern.stringValue else { throw APIError(.invalidQuery("'$regex' needs a string")) }
        var flags: NSRegularExpression.Options = []
        if let options {
            guard let letters = options.stringValue else { throw APIError(.invalidQuery("'$options' needs a string")) }
            flags = try NSRegularExpression.Options(regexOptions: letters) { letter in
                APIError(.invalidQuery("unsupported '$options' letter '\(letter)'"))
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

extension NSRegularExpression.Options {
    /// The flags of `$options` letters (spec §3.2), shared by in-memory matching and SQL queries;
    /// any other letter throws what `unsupported` makes of it.
    init(regexOptions letters: String, unsupported: (Character) -> Error) throws {
        self = []
        for letter in letters {
            switch letter {
            case "i": insert(.caseInsensitive)
            case "m": insert(.anchorsMatchLines)
            case "s": insert(.dotMatchesLineSeparators)
            case "x": insert(.allowCommentsAndWhitespace)
            default: throw unsupported(letter)
            }
        }
    }
}
