/// The parsed pattern (RegexParser), before RegexCompiler turns it into a program.
indirect enum RegexNode: Sendable {
    case empty
    case scalar(Unicode.Scalar, fold: Bool)
    case set(ScalarSet)
    /// `.`: any scalar but line terminators, unless `dotAll`.
    case any(dotAll: Bool)
    case sequence([RegexNode])
    case alternation([RegexNode])
    /// A group; `capture` is its number when it captures.
    case group(RegexNode, capture: Int?)
    case repetition(RegexNode, min: Int, max: Int?, mode: RepetitionMode)
    case anchor(RegexAnchor)
    case backreference(Int, fold: Bool)
    case look(RegexNode, behind: Bool, negated: Bool)
    case atomic(RegexNode)

    /// The fewest scalars the node matches.
    var minLength: Int {
        switch self {
        case .empty, .anchor, .look, .backreference: return 0
        case .scalar, .set, .any: return 1
        case .sequence(let nodes): return nodes.reduce(0) { $0 + $1.minLength }
        case .alternation(let nodes): return nodes.map(\.minLength).min() ?? 0
        case .group(let node, _), .atomic(let node): return node.minLength
        case .repetition(let node, let min, _, _): return min * node.minLength
        }
    }

    /// The most scalars the node matches; nil when unbounded (or a back-reference's).
    var maxLength: Int? {
        switch self {
        case .empty, .anchor, .look: return 0
        case .scalar, .set, .any: return 1
        case .backreference: return nil
        case .sequence(let nodes):
            var total = 0
            for node in nodes {
                guard let length = node.maxLength else { return nil }
                total += length
            }
            return total
        case .alternation(let nodes):
            var most = 0
            for node in nodes {
                guard let length = node.maxLength else { return nil }
                most = Swift.max(most, length)
            }
            return most
        case .group(let node, _), .atomic(let node): return node.maxLength
        case .repetition(let node, _, let max, _):
            guard let max, let length = node.maxLength else { return node.maxLength == 0 ? 0 : nil }
            return max * length
        }
    }
}

enum RepetitionMode: Sendable {
    case greedy, lazy, possessive
}

enum RegexAnchor: Sendable {
    /// `^`, `$`: with `multiline`, at every line's start and end.
    case lineStart(multiline: Bool), lineEnd(multiline: Bool)
    /// `\A`, `\z`, `\Z` (the end, or before a final line terminator).
    case textStart, textEnd, textEndBeforeTerminator
    case wordBoundary, notWordBoundary
}

/// ICU's line terminators: `\n`, `\v`, `\f`, `\r`, NEL, LS, PS.
@inline(__always)
func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
}
