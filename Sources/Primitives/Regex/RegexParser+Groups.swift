extension RegexParser {
    /// After `(`: a capturing, named, non-capturing or atomic group, a look-around, inline
    /// flags (`(?i)`, nil: they apply to the rest of the enclosing group) or a comment (nil).
    mutating func parseGroup() throws(SyntaxError) -> RegexNode? {
        guard take("?") else { return try groupBody(capture: newGroup(named: nil)) }
        let kind = try next()
        switch kind {
        case "#":
            while try next() != ")" {}
            return nil
        case ":": return try groupBody(capture: nil)
        case ">": return .atomic(try groupBody(capture: nil))
        case "=", "!": return .look(try groupBody(capture: nil), behind: false, negated: kind == "!")
        case "<" where peek == "=" || peek == "!":
            let negated = try next() == "!"
            let body = try groupBody(capture: nil)
            guard body.maxLength != nil else { throw error("look-behind needs a bounded length") }
            return .look(body, behind: true, negated: negated)
        case "<", "'": return try groupBody(capture: newGroup(named: readName(closedBy: kind == "<" ? ">" : "'")))
        case "P" where take("<"): return try groupBody(capture: newGroup(named: readName(closedBy: ">")))
        default:
            index -= 1
            return try inlineFlags()
        }
    }

    private mutating func newGroup(named name: String?) throws(SyntaxError) -> Int {
        groupCount += 1
        if let name {
            guard groupNames[name] == nil else { throw error("group name '\(name)' used twice") }
            groupNames[name] = groupCount
        }
        return groupCount
    }

    /// The group's pattern up to its `)`; flags set inside end with it.
    private mutating func groupBody(capture: Int?) throws(SyntaxError) -> RegexNode {
        let outer = flags
        defer { flags = outer }
        let body = try parseAlternationInGroup()
        guard take(")") else { throw error("missing ')'") }
        return capture == nil ? body : .group(body, capture: capture)
    }

    /// `(?imsx-imsx)` or `(?imsx-imsx:…)`, the `(?` already read.
    private mutating func inlineFlags() throws(SyntaxError) -> RegexNode? {
        var on = true
        var changed = flags
        while true {
            let letter = try next()
            switch letter {
            case "i": changed.caseInsensitive = on
            case "m": changed.multiline = on
            case "s": changed.dotAll = on
            case "x": changed.extended = on
            case "-" where on: on = false
            case ")":
                flags = changed
                return nil
            case ":":
                let outer = flags
                flags = changed
                defer { flags = outer }
                let body = try parseAlternationInGroup()
                guard take(")") else { throw error("missing ')'") }
                return body
            default: throw error("unknown group flag '\(letter)'")
            }
        }
    }

    mutating func readName(closedBy end: Unicode.Scalar) throws(SyntaxError) -> String {
        var name = String.UnicodeScalarView()
        while true {
            let scalar = try next()
            if scalar == end { break }
            guard isWordScalar(scalar) else { throw error("bad group name") }
            name.append(scalar)
        }
        guard !name.isEmpty, !("0"..."9").contains(name.first!) else { throw error("bad group name") }
        return String(name)
    }
}
