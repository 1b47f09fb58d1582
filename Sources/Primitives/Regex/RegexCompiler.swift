/// One instruction of a compiled pattern (RegexMachine runs them).
enum RegexOp: Sendable {
    case scalar(Unicode.Scalar)
    /// A scalar ignoring case: any of its case variants.
    case anyOf([Unicode.Scalar])
    case set(ScalarSet)
    case any
    case anyButTerminator
    /// Try `preferred`, and `other` when that fails.
    case split(preferred: Int, other: Int)
    case jump(Int)
    /// Stores the position in a slot: group `g` starts at slot 2g and ends at 2g+1; slots past
    /// the groups' mark where a loop's iteration began (`progress`).
    case save(slot: Int)
    /// Leaves the loop for `exit` when the position equals the slot's: an iteration that matched
    /// nothing is the last (its empty captures kept, as in ICU and PCRE).
    case progress(slot: Int, exit: Int)
    case anchor(RegexAnchor)
    case backreference(group: Int, fold: Bool)
    /// Runs the program from the next instruction to its `match` on its own, then continues at
    /// `resume`; look-behind tries every start `length` allows so that it ends here.
    case look(resume: Int, behind: Bool, negated: Bool, length: ClosedRange<Int>)
    /// The same, keeping the first way the sub-pattern matches and no other (`(?>…)`, `a*+`).
    case atomic(resume: Int)
    case match
}

struct RegexProgram: Sendable {
    var ops: [RegexOp] = []
    var groupCount = 0
    var slotCount = 0
    /// Whether the pattern begins with `\A` (or `^` without `m`): only a search from 0 can match.
    var anchoredAtStart = false
}

/// Turns a RegexNode into a RegexProgram. Counted repetitions are unrolled, within `maxOps`.
struct RegexCompiler {
    /// The largest count a `{n,m}` may name, and the most instructions a pattern may become.
    static let maxRepetition = 100_000
    static let maxOps = 200_000

    private var program = RegexProgram()

    static func compile(_ tree: RegexNode, groupCount: Int) throws(RegularExpression.SyntaxError) -> RegexProgram {
        var compiler = RegexCompiler()
        compiler.program.groupCount = groupCount
        compiler.program.slotCount = 2 * (groupCount + 1)
        compiler.emit(.save(slot: 0))
        try compiler.compile(tree)
        compiler.emit(.save(slot: 1))
        compiler.emit(.match)
        compiler.program.anchoredAtStart = Self.startsAnchored(tree)
        return compiler.program
    }

    private static func startsAnchored(_ node: RegexNode) -> Bool {
        switch node {
        case .anchor(.textStart), .anchor(.lineStart(multiline: false)): return true
        case .sequence(let nodes): return nodes.first.map(startsAnchored) ?? false
        case .group(let inner, _), .atomic(let inner): return startsAnchored(inner)
        case .alternation(let nodes): return !nodes.isEmpty && nodes.allSatisfy(startsAnchored)
        default: return false
        }
    }

    private mutating func emit(_ op: RegexOp) { program.ops.append(op) }
    private var here: Int { program.ops.count }

    private mutating func compile(_ node: RegexNode) throws(RegularExpression.SyntaxError) {
        guard program.ops.count <= Self.maxOps else {
            throw RegularExpression.SyntaxError(description: "pattern is too large once its repetitions are counted")
        }
        switch node {
        case .empty: break
        case .scalar(let scalar, let fold):
            let variants = fold ? caseVariants(of: scalar) : [scalar]
            emit(variants.count == 1 ? .scalar(scalar) : .anyOf(variants))
        case .set(let set): emit(.set(set))
        case .any(let dotAll): emit(dotAll ? .any : .anyButTerminator)
        case .sequence(let nodes):
            for inner in nodes { try compile(inner) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (number, branch) in branches.enumerated() {
                let split = here
                if number < branches.count - 1 { emit(.split(preferred: split + 1, other: -1)) }
                try compile(branch)
                if number < branches.count - 1 {
                    jumps.append(here)
                    emit(.jump(-1))
                    program.ops[split] = .split(preferred: split + 1, other: here)
                }
            }
            for jump in jumps { program.ops[jump] = .jump(here) }
        case .group(let inner, let capture):
            if let capture { emit(.save(slot: 2 * capture)) }
            try compile(inner)
            if let capture { emit(.save(slot: 2 * capture + 1)) }
        case .repetition(let inner, let min, let max, let mode):
            if mode == .possessive {
                try compileSubprogram(.atomic(resume: -1)) { compiler throws(RegularExpression.SyntaxError) in
                    try compiler.compileRepetition(inner, min: min, max: max, lazy: false)
                }
            } else {
                try compileRepetition(inner, min: min, max: max, lazy: mode == .lazy)
            }
        case .anchor(let anchor): emit(.anchor(anchor))
        case .backreference(let group, let fold): emit(.backreference(group: group, fold: fold))
        case .look(let inner, let behind, let negated):
            let length = inner.minLength...(inner.maxLength ?? inner.minLength)
            try compileSubprogram(.look(resume: -1, behind: behind, negated: negated, length: length)) { compiler throws(RegularExpression.SyntaxError) in
                try compiler.compile(inner)
            }
        case .atomic(let inner):
            try compileSubprogram(.atomic(resume: -1)) { compiler throws(RegularExpression.SyntaxError) in try compiler.compile(inner) }
        }
    }

    /// `op`, then the sub-program `body` ending in `match`, with `op`'s resume set past it.
    private mutating func compileSubprogram(_ op: RegexOp, _ body: (inout RegexCompiler) throws(RegularExpression.SyntaxError) -> Void) throws(RegularExpression.SyntaxError) {
        let start = here
        emit(op)
        try body(&self)
        emit(.match)
        switch op {
        case .look(_, let behind, let negated, let length): program.ops[start] = .look(resume: here, behind: behind, negated: negated, length: length)
        default: program.ops[start] = .atomic(resume: here)
        }
    }

    private mutating func compileRepetition(_ inner: RegexNode, min: Int, max: Int?, lazy: Bool) throws(RegularExpression.SyntaxError) {
        for _ in 0..<min { try compile(inner) }
        if let max {
            // (x(x(x)?)?)?: each optional copy, when skipped, skips the rest too.
            var splits: [Int] = []
            for _ in min..<max {
                splits.append(here)
                emit(.split(preferred: -1, other: -1))
                try compile(inner)
            }
            for split in splits { program.ops[split] = lazy ? .split(preferred: here, other: split + 1) : .split(preferred: split + 1, other: here) }
            return
        }
        // A star; an iteration that can match nothing must move on, or the loop would not end.
        let loop = here
        emit(.split(preferred: -1, other: -1))
        let progressSlot = inner.minLength == 0 ? program.slotCount : nil
        if let progressSlot {
            program.slotCount += 1
            emit(.save(slot: progressSlot))
        }
        try compile(inner)
        let check = here
        if progressSlot != nil { emit(.progress(slot: -1, exit: -1)) }
        emit(.jump(loop))
        if let progressSlot { program.ops[check] = .progress(slot: progressSlot, exit: here) }
        program.ops[loop] = lazy ? .split(preferred: here, other: loop + 1) : .split(preferred: loop + 1, other: here)
    }
}
