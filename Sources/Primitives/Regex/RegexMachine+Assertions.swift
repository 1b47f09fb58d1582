extension RegexMachine {
    func holds(_ anchor: RegexAnchor, at pos: Int) -> Bool {
        switch anchor {
        case .textStart: return pos == 0
        case .textEnd: return pos == text.count
        case .lineStart(let multiline):
            if pos == 0 { return true }
            guard multiline, pos < text.count else { return false }
            // After a terminator, but not between the `\r` and `\n` of one.
            return isLineTerminator(text[pos - 1]) && !(text[pos - 1] == "\r" && text[pos] == "\n")
        case .lineEnd(let multiline):
            if multiline {
                return pos == text.count || (isLineTerminator(text[pos]) && !(pos > 0 && text[pos - 1] == "\r" && text[pos] == "\n"))
            }
            return isAtEndBeforeTerminator(pos)
        case .textEndBeforeTerminator: return isAtEndBeforeTerminator(pos)
        case .wordBoundary: return isWordBoundary(pos)
        case .notWordBoundary: return !isWordBoundary(pos)
        }
    }

    /// At the end, or before a line terminator (or `\r\n`) that ends the text.
    private func isAtEndBeforeTerminator(_ pos: Int) -> Bool {
        let rest = text.count - pos
        if rest == 0 { return true }
        if rest == 1 { return isLineTerminator(text[pos]) }
        return rest == 2 && text[pos] == "\r" && text[pos + 1] == "\n"
    }

    private func isWordBoundary(_ pos: Int) -> Bool {
        let before = pos > 0 && isWordScalar(text[pos - 1])
        let after = pos < text.count && isWordScalar(text[pos])
        return before != after
    }

    /// The length the group's text has again at `pos`; nil when it does not (or the group is unset).
    func backreference(_ group: Int, fold: Bool, at pos: Int) -> Int? {
        let start = slots[2 * group], end = slots[2 * group + 1]
        guard start >= 0, end >= start else { return nil }
        let length = end - start
        guard pos + length <= text.count else { return nil }
        for offset in 0..<length {
            let wanted = text[start + offset], got = text[pos + offset]
            if wanted == got { continue }
            guard fold, caseVariants(of: wanted).contains(got) else { return nil }
        }
        return length
    }
}
