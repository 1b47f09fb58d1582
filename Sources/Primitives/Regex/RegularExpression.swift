/// A regular expression in ICU's (and PCRE's) syntax, matched by a backtracking machine of our
/// own, without Foundation: `NSRegularExpression` loads Foundation, FoundationInternationalization
/// and ICU, about 6 MB of idle memory (docs/performance.md, "Why idle memory is what it is").
///
/// Supported: literals and escapes (`\n \t \xhh \x{h…} \uhhhh \Q…\E`), `.`, classes (`[a-z]`,
/// `[^…]`, `\d \w \s \h \v` and their negations, `[:alpha:]`, `\p{L}` general categories and a few
/// scripts), anchors (`^ $ \A \z \Z \b \B`), groups (capturing, named, `(?:…)`, atomic `(?>…)`,
/// inline flags `(?imsx-imsx)` and `(?i:…)`), look-ahead and bounded look-behind, back-references
/// (`\1`, `\k<name>`), greedy, lazy and possessive quantifiers. Matching is on Unicode scalars.
///
/// Backtracking takes exponential time on patterns such as `^(a+)+$`: `search` asks its caller
/// every 1,024 steps whether to stop (the callers' time budgets, RegexBudget).
public struct RegularExpression: Sendable {
    /// The `$options` letters of MongoDB and LeanCloud: `i`, `m`, `s`, `x`.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `i`: letters match either case (simple Unicode case mappings).
        public static let caseInsensitive = Options(rawValue: 1)
        /// `m`: `^` and `$` match at every line's start and end.
        public static let anchorsMatchLines = Options(rawValue: 2)
        /// `s`: `.` matches line terminators too.
        public static let dotMatchesLineSeparators = Options(rawValue: 4)
        /// `x`: white space and `#` comments outside classes are ignored.
        public static let allowCommentsAndWhitespace = Options(rawValue: 8)
    }

    /// A pattern that does not compile, with what is wrong.
    public struct SyntaxError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// What a search ended with.
    public enum Outcome: Sendable {
        case match(RegexMatch)
        case noMatch
        /// The caller's `shouldStop` said so (a budget ran out), or the backtracking stack grew
        /// past `RegexMachine.maxFrames`.
        case stopped
    }

    public let pattern: String
    let program: RegexProgram

    public init(_ pattern: String, options: Options = []) throws(SyntaxError) {
        self.pattern = pattern
        var parser = RegexParser(pattern, options: options)
        let tree = try parser.parse()
        program = try RegexCompiler.compile(tree, groupCount: parser.groupCount)
    }

    /// How many capturing groups the pattern has.
    public var groupCount: Int { program.groupCount }

    /// The first match at or after scalar offset `start`.
    public func search(_ subject: RegexSubject, from start: Int = 0, shouldStop: () -> Bool = { false }) -> Outcome {
        withoutActuallyEscaping(shouldStop) { shouldStop in
            var machine = RegexMachine(program: program, text: subject.scalars, shouldStop: shouldStop)
            return machine.search(from: start)
        }
    }

    /// Whether the pattern matches somewhere in `text`; nil when `shouldStop` stopped it.
    public func firstMatch(in text: String, shouldStop: () -> Bool = { false }) -> Bool? {
        switch search(RegexSubject(text), shouldStop: shouldStop) {
        case .match: return true
        case .noMatch: return false
        case .stopped: return nil
        }
    }

    /// Every non-overlapping match, in order (an empty match moves on by one scalar).
    public func matches(in subject: RegexSubject) -> [RegexMatch] {
        var found: [RegexMatch] = []
        var start = 0
        while start <= subject.scalars.count, case .match(let match) = search(subject, from: start) {
            found.append(match)
            start = match.range.isEmpty ? match.range.upperBound + 1 : match.range.upperBound
        }
        return found
    }
}

/// The text a regular expression runs on: its Unicode scalars, converted once.
public struct RegexSubject: Sendable {
    public let scalars: [Unicode.Scalar]
    public init(_ text: String) { scalars = Array(text.unicodeScalars) }
    /// The text of scalars `range`.
    public func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }
}

/// Where a match and its groups are, as scalar offsets into the subject.
public struct RegexMatch: Sendable {
    /// Group 0 (the whole match) first; nil for a group that took no part.
    public let groups: [Range<Int>?]
    public var range: Range<Int> { groups[0]! }
    public func range(at group: Int) -> Range<Int>? { group < groups.count ? groups[group] : nil }
}
