import Foundation
import LCWire

/// A `$regex` with its `$options`: `i` case-insensitive, `m` multi-line anchors, `s` dot
/// matches newlines, `x` extended (whitespace and `#` comments ignored) (spec §3.2). Checked and
/// compiled once by `WhereParser` (`RegexCache`, whose messages both engines answer with); SQL
/// passes `pattern` and `options` to `lcemu_regexp`, the in-memory matcher uses `expression`.
// @unchecked: NSRegularExpression is immutable and thread-safe, but not marked Sendable on Linux.
struct WhereRegex: @unchecked Sendable {
    let pattern: String
    let options: String
    // NSRegularExpression is immutable and documented as safe to share between threads.
    let expression: NSRegularExpression

    init(pattern: JSON, options: JSON?) throws {
        guard let text = pattern.stringValue else { throw QueryError.invalid("$regex needs a string") }
        guard text.utf8.count <= QueryLimits.maxRegexBytes else {
            throw QueryError.invalid("$regex is longer than \(QueryLimits.maxRegexBytes) bytes")
        }
        var letters = ""
        if let options {
            guard let string = options.stringValue else { throw QueryError.invalid("$options needs a string") }
            letters = string
        }
        self.pattern = text
        self.options = letters
        expression = try RegexCache.shared.regex(pattern: text, options: letters)
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
