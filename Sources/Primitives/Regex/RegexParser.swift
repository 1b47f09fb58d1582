/// Reads a pattern into a RegexNode: alternations, sequences, groups and quantifiers here;
/// escapes, classes and properties in RegexParser+Atoms.
struct RegexParser {
    typealias SyntaxError = RegularExpression.SyntaxError
    /// Flags in force where the parser is (`(?i)` changes them until its group closes).
    struct Flags {
        var caseInsensitive: Bool, multiline: Bool, dotAll: Bool, extended: Bool
    }

    let scalars: [Unicode.Scalar]
    var index = 0
    var flags: Flags
    var groupCount = 0
    var groupNames: [String: Int] = [:]
    /// Groups and classes open around the parser: the parser, the compiler and the tree's
    /// release recurse once per level, so a pattern of 100,000 `(` would overflow a worker
    /// thread's stack. PCRE2 refuses past 250 (its `parens_nest_limit`) too.
    static let maxNesting = 250
    var nesting = 0

    init(_ pattern: String, options: RegularExpression.Options) {
        scalars = Array(pattern.unicodeScalars)
        flags = Flags(caseInsensitive: options.contains(.caseInsensitive), multiline: options.contains(.anchorsMatchLines),
                      dotAll: options.contains(.dotMatchesLineSeparators), extended: options.contains(.allowCommentsAndWhitespace))
    }

    mutating func parse() throws(SyntaxError) -> RegexNode {
        let tree = try parseAlternation()
        guard index == scalars.count else { throw error("unmatched ')'") }
        return tree
    }

    func error(_ what: String) -> SyntaxError { SyntaxError(description: "\(what) at offset \(index)") }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func next() throws(SyntaxError) -> Unicode.Scalar {
        guard index < scalars.count else { throw error("unexpected end of pattern") }
        defer { index += 1 }
        return scalars[index]
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    mutating func parseAlternationInGroup() throws(SyntaxError) -> RegexNode {
        try enterNesting()
        defer { nesting -= 1 }
        return try parseAlternation()
    }

    mutating func enterNesting() throws(SyntaxError) {
        guard nesting < Self.maxNesting else { throw error("groups or classes nested deeper than \(Self.maxNesting)") }
        nesting += 1
    }

    private mutating func parseAlternation() throws(SyntaxError) -> RegexNode {
        var branches = [try parseSequence()]
        while take("|") { branches.append(try parseSequence()) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(SyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while true {
            skipExtendedSpace()
            guard let scalar = peek, scalar != "|", scalar != ")" else { break }
            guard var atom = try parseAtom() else { continue }
            if let quantified = try parseQuantifier(atom) {
                atom = quantified
                skipExtendedSpace()
                if let after = peek, after == "*" || after == "+" || after == "?" { throw error("nothing to repeat") }
            }
            items.append(atom)
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .sequence(items))
    }

    /// In `x` mode, white space and `#` comments between tokens.
    mutating func skipExtendedSpace() {
        guard flags.extended else { return }
        while let scalar = peek {
            if scalar == "#" {
                while let skipped = peek, !isLineTerminator(skipped) { index += 1 }
            } else if scalar == " " || ("\t"..."\r").contains(scalar) {
                index += 1
            } else {
                return
            }
        }
    }

    /// One atom; nil for what matches nothing itself (`(?i)`, `(?#…)`).
    private mutating func parseAtom() throws(SyntaxError) -> RegexNode? {
        let scalar = try next()
        switch scalar {
        case "(": return try parseGroup()
        case "[": return .set(try parseClass())
        case ".": return .any(dotAll: flags.dotAll)
        case "^": return .anchor(.lineStart(multiline: flags.multiline))
        case "$": return .anchor(.lineEnd(multiline: flags.multiline))
        case "\\": return try parseEscape()
        case "*", "+", "?": throw error("nothing to repeat")
        default: return .scalar(scalar, fold: flags.caseInsensitive)
        }
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each possibly lazy (`?`) or possessive (`+`), after
    /// `atom`; nil when none follows. A `{` that is no quantifier is a literal, as in PCRE.
    private mutating func parseQuantifier(_ atom: RegexNode) throws(SyntaxError) -> RegexNode? {
        skipExtendedSpace()
        let start = index
        var min = 0, max: Int? = nil
        switch peek {
        case "*": index += 1
        case "+": index += 1; min = 1
        case "?": index += 1; max = 1
        case "{":
            index += 1
            guard let lower = readNumber() else { index = start; return nil }
            min = lower
            if take(",") { max = readNumber() } else { max = lower }
            guard take("}") else { index = start; return nil }
            if let max, max < min { throw error("repetition {\(min),\(max)} has its maximum below its minimum") }
            guard Swift.max(min, max ?? 0) <= RegexCompiler.maxRepetition else {
                throw error("repetition counts above \(RegexCompiler.maxRepetition)")
            }
        default: return nil
        }
        if case .anchor = atom { throw error("nothing to repeat") }
        if case .look = atom { throw error("nothing to repeat") }
        var mode = RepetitionMode.greedy
        if take("?") { mode = .lazy } else if take("+") { mode = .possessive }
        return .repetition(atom, min: min, max: max, mode: mode)
    }

    mutating func readNumber() -> Int? {
        var value: Int?
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = Swift.min((value ?? 0) * 10 + Int(scalar.value - 48), RegexCompiler.maxRepetition + 1)
            index += 1
        }
        return value
    }
}
