/// Runs a RegexProgram by backtracking: one stack holds both the alternatives left to try and
/// the slot values to restore on the way back (an undo log), so no state is copied per branch.
struct RegexMachine {
    /// The deepest the backtracking stack may grow (16 bytes a frame: 64 MB); past it the search
    /// stops as if its budget ran out.
    static let maxFrames = 4_000_000
    /// How many instructions run between two calls to `shouldStop`.
    static let stepsPerCheck = 1024

    private struct Stopped: Error {}

    /// An alternative to resume (`pc` ≥ 0), or a slot to restore (`pc` = -1 - slot, `pos` its value).
    private struct Frame {
        var pc: Int
        var pos: Int
    }

    let program: RegexProgram
    let text: [Unicode.Scalar]
    let shouldStop: () -> Bool
    private(set) var slots: [Int]
    private var stack: [Frame] = []
    private var steps = 0

    init(program: RegexProgram, text: [Unicode.Scalar], shouldStop: @escaping () -> Bool) {
        self.program = program
        self.text = text
        self.shouldStop = shouldStop
        slots = Array(repeating: -1, count: program.slotCount)
    }

    mutating func search(from start: Int) -> RegularExpression.Outcome {
        let last = program.anchoredAtStart ? min(start, 0) : text.count
        var position = start
        do {
            while position <= last {
                if try run(pc: 0, at: position, mustEndAt: nil) != nil {
                    let groups = (0...program.groupCount).map { group -> Range<Int>? in
                        let from = slots[2 * group], to = slots[2 * group + 1]
                        return from >= 0 && to >= from ? from..<to : nil
                    }
                    return .match(RegexMatch(groups: groups))
                }
                position += 1
            }
        } catch {
            return .stopped
        }
        return .noMatch
    }

    /// Runs from `pc` at `pos` to a `match`; the position there, or nil when every alternative
    /// failed (the slots are then as they were). Frames the run leaves are the caller's to keep
    /// or unwind.
    private mutating func run(pc startPC: Int, at startPos: Int, mustEndAt end: Int?) throws(Stopped) -> Int? {
        let base = stack.count
        var pc = startPC, pos = startPos
        while true {
            steps += 1
            if steps % Self.stepsPerCheck == 0, shouldStop() { throw Stopped() }
            var ok = true
            switch program.ops[pc] {
            case .scalar(let scalar):
                ok = pos < text.count && text[pos] == scalar
                if ok { pos += 1; pc += 1 }
            case .anyOf(let variants):
                ok = pos < text.count && variants.contains(text[pos])
                if ok { pos += 1; pc += 1 }
            case .set(let set):
                ok = pos < text.count && set.contains(text[pos])
                if ok { pos += 1; pc += 1 }
            case .any:
                ok = pos < text.count
                if ok { pos += 1; pc += 1 }
            case .anyButTerminator:
                ok = pos < text.count && !isLineTerminator(text[pos])
                if ok { pos += 1; pc += 1 }
            case .split(let preferred, let other):
                try push(Frame(pc: other, pos: pos))
                pc = preferred
            case .jump(let target): pc = target
            case .save(let slot):
                try push(Frame(pc: -1 - slot, pos: slots[slot]))
                slots[slot] = pos
                pc += 1
            case .progress(let slot, let exit):
                pc = slots[slot] == pos ? exit : pc + 1
            case .anchor(let anchor):
                ok = holds(anchor, at: pos)
                pc += 1
            case .backreference(let group, let fold):
                if let length = backreference(group, fold: fold, at: pos) { pos += length; pc += 1 } else { ok = false }
            case .look(let resume, let behind, let negated, let length):
                ok = try look(from: pc + 1, at: pos, behind: behind, negated: negated, length: length)
                pc = resume
            case .atomic(let resume):
                let mark = stack.count
                if let after = try run(pc: pc + 1, at: pos, mustEndAt: nil) {
                    dropAlternatives(above: mark)
                    pos = after
                    pc = resume
                } else {
                    ok = false
                }
            case .match:
                if end == nil || end == pos { return pos }
                ok = false
            }
            if !ok {
                guard let resumed = backtrack(to: base) else { return nil }
                (pc, pos) = (resumed.pc, resumed.pos)
            }
        }
    }

    private mutating func push(_ frame: Frame) throws(Stopped) {
        guard stack.count < Self.maxFrames else { throw Stopped() }
        stack.append(frame)
    }

    /// Pops to the next alternative above `base`, restoring slots on the way; nil when none is left.
    private mutating func backtrack(to base: Int) -> Frame? {
        while stack.count > base {
            let frame = stack.removeLast()
            if frame.pc >= 0 { return frame }
            slots[-1 - frame.pc] = frame.pos
        }
        return nil
    }

    /// Forgets the alternatives above `mark` but keeps their slot restorations, so that
    /// backtracking past an atomic group still undoes what it captured.
    private mutating func dropAlternatives(above mark: Int) {
        var kept = mark
        for index in mark..<stack.count where stack[index].pc < 0 {
            stack[kept] = stack[index]
            kept += 1
        }
        stack.removeSubrange(kept...)
    }

    private mutating func look(from pc: Int, at pos: Int, behind: Bool, negated: Bool, length: ClosedRange<Int>) throws(Stopped) -> Bool {
        let mark = stack.count
        var found = false
        if behind {
            for back in length where back <= pos {
                if try run(pc: pc, at: pos - back, mustEndAt: pos) != nil { found = true; break }
            }
        } else {
            found = try run(pc: pc, at: pos, mustEndAt: nil) != nil
        }
        if found && negated {
            _ = backtrack(toEmptyAbove: mark)
        } else if found {
            dropAlternatives(above: mark)
        }
        return found != negated
    }

    /// Undoes everything above `mark` (a negative look-around that matched keeps nothing).
    private mutating func backtrack(toEmptyAbove mark: Int) -> Bool {
        while stack.count > mark {
            let frame = stack.removeLast()
            if frame.pc < 0 { slots[-1 - frame.pc] = frame.pos }
        }
        return true
    }
}
