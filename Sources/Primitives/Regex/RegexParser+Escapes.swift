extension RegexParser {
    /// What an escape stands for: one scalar, a class, or (outside classes) another node.
    enum Escaped {
        case scalar(Unicode.Scalar)
        case set(ScalarSet)
        case node(RegexNode)
    }

    /// After `\` outside a class.
    mutating func parseEscape() throws(SyntaxError) -> RegexNode {
        switch try readEscape(inClass: false) {
        case .scalar(let scalar): return .scalar(scalar, fold: flags.caseInsensitive)
        case .set(var set):
            set.fold = flags.caseInsensitive  // `(?i)\p{Lu}` matches `a` too, as in ICU
            return .set(set)
        case .node(let node): return node
        }
    }

    /// After `\`. Unknown escaped letters and digits are errors (as in ICU); any other escaped
    /// scalar stands for itself.
    mutating func readEscape(inClass: Bool) throws(SyntaxError) -> Escaped {
        let letter = try next()
        switch letter {
        case "a": return .scalar("\u{07}")
        case "e": return .scalar("\u{1B}")
        case "f": return .scalar("\u{0C}")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "t": return .scalar("\t")
        case "b" where inClass: return .scalar("\u{08}")
        case "0": return .scalar(try readCode(radix: 8, digits: 0...3))
        case "x":
            if take("{") {
                let scalar = try readCode(radix: 16, digits: 1...8)
                guard take("}") else { throw error("bad \\x{…} escape") }
                return .scalar(scalar)
            }
            return .scalar(try readCode(radix: 16, digits: 1...2))
        case "u": return .scalar(try readCode(radix: 16, digits: 4...4))
        case "U": return .scalar(try readCode(radix: 16, digits: 8...8))
        case "c":
            let control = try next()
            guard control.isASCII else { throw error("bad \\c escape") }
            return .scalar(Unicode.Scalar(UInt8(control.value & 0x1F)))
        case "d", "D": return .set(named(.digit, negated: letter == "D"))
        case "w", "W": return .set(named(.word, negated: letter == "W"))
        case "s", "S": return .set(named(.space, negated: letter == "S"))
        case "h", "H": return .set(named(.horizontalSpace, negated: letter == "H"))
        case "v", "V": return .set(named(.verticalSpace, negated: letter == "V"))
        case "p", "P": return .set(named(try readProperty(), negated: letter == "P"))
        default: break
        }
        guard !inClass else {
            guard !letter.isASCII || !(letter.properties.isAlphabetic || ("1"..."9").contains(letter)) else { throw error("unknown escape '\\\(letter)' in a class") }
            return .scalar(letter)
        }
        switch letter {
        case "A": return .node(.anchor(.textStart))
        case "z": return .node(.anchor(.textEnd))
        case "Z": return .node(.anchor(.textEndBeforeTerminator))
        case "b": return .node(.anchor(.wordBoundary))
        case "B": return .node(.anchor(.notWordBoundary))
        case "1"..."9":
            index -= 1
            guard let group = readNumber(), group <= groupCount else { throw error("back-reference to a group that does not exist") }
            return .node(.backreference(group, fold: flags.caseInsensitive))
        case "k":
            guard take("<") else { throw error("bad \\k escape") }
            guard let group = groupNames[try readName(closedBy: ">")] else { throw error("back-reference to an unknown group name") }
            return .node(.backreference(group, fold: flags.caseInsensitive))
        case "Q":
            var literal: [RegexNode] = []
            while let scalar = peek {
                if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "E" { index += 2; break }
                literal.append(.scalar(scalar, fold: flags.caseInsensitive))
                index += 1
            }
            return .node(.sequence(literal))
        case "R":
            let terminator = named(.verticalSpace, negated: false)
            return .node(.atomic(.alternation([.sequence([.scalar("\r", fold: false), .scalar("\n", fold: false)]), .set(terminator)])))
        default:
            guard !letter.isASCII || !(letter.properties.isAlphabetic || ("0"..."9").contains(letter)) else {
                throw error("unknown escape '\\\(letter)'")
            }
            return .scalar(letter)
        }
    }

    func named(_ named: ScalarClass, negated: Bool) -> ScalarSet {
        var set = ScalarSet()
        set.classes = [(named, negated: negated)]
        return set
    }

    /// A scalar written in `radix` with as many digits as `digits` allows.
    private mutating func readCode(radix: UInt32, digits: ClosedRange<Int>) throws(SyntaxError) -> Unicode.Scalar {
        var value: UInt32 = 0, count = 0
        while count < digits.upperBound, let scalar = peek, let digit = Self.digit(scalar, radix: radix) {
            value = value * radix + digit
            count += 1
            index += 1
        }
        guard count >= digits.lowerBound, let scalar = Unicode.Scalar(value) else { throw error("bad character code") }
        return scalar
    }

    private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let v = scalar.value
        let digit: UInt32
        switch v {
        case 0x30...0x39: digit = v - 0x30
        case 0x41...0x46: digit = v - 0x41 + 10
        case 0x61...0x66: digit = v - 0x61 + 10
        default: return nil
        }
        return digit < radix ? digit : nil
    }
}
