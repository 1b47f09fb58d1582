extension RegexParser {
    /// After `[`: ranges, escapes, `[:name:]` and nested classes (a union), up to `]`. A `]`
    /// first, or `-` first or last, is literal.
    mutating func parseClass() throws(SyntaxError) -> ScalarSet {
        var set = ScalarSet()
        set.fold = flags.caseInsensitive
        set.negated = take("^")
        var first = true
        while true {
            guard let scalar = peek else { throw error("missing ']'") }
            if scalar == "]" && !first { index += 1; return set }
            first = false
            index += 1
            var low: Unicode.Scalar
            switch scalar {
            case "[" where peek == ":":
                set.members.append(try readPOSIXClass())
                continue
            case "[":
                try enterNesting()
                defer { nesting -= 1 }
                set.members.append(try parseClass())
                continue
            case "\\":
                switch try readEscape(inClass: true) {
                case .scalar(let escaped): low = escaped
                case .set(let named): set.members.append(named); continue
                case .node: throw error("bad escape in a class")
                }
            default: low = scalar
            }
            var high = low
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                let end = try next()
                if end == "\\" {
                    guard case .scalar(let escaped) = try readEscape(inClass: true) else { throw error("bad range end in a class") }
                    high = escaped
                } else {
                    high = end
                }
                guard low <= high else { throw error("range out of order in a class") }
            }
            set.ranges.append(low.value...high.value)
        }
    }

    /// `[:name:]` or `[:^name:]`, the `[` already read.
    private mutating func readPOSIXClass() throws(SyntaxError) -> ScalarSet {
        index += 1
        let negated = take("^")
        var name = ""
        while let scalar = peek, scalar != ":" { name.unicodeScalars.append(scalar); index += 1 }
        guard take(":"), take("]") else { throw error("bad [:name:] class") }
        let named: ScalarClass
        switch name {
        case "alpha": named = .alphabetic
        case "digit": named = .digit
        case "alnum":
            var set = ScalarSet()
            set.classes = [(ScalarClass.alphabetic, negated: false), (ScalarClass.digit, negated: false)]
            set.negated = negated
            return set
        case "upper": named = .uppercase
        case "lower": named = .lowercase
        case "space": named = .space
        case "blank": named = .horizontalSpace
        case "punct": named = Self.category("p")!
        case "cntrl": named = Self.category("cc")!
        case "xdigit": named = .hexDigit
        case "word": named = .word
        default: throw error("unknown class [:\(name):]")
        }
        return self.named(named, negated: negated)
    }

    /// `{Name}` (or one letter) after `\p`: a general category, a binary property or a script.
    mutating func readProperty() throws(SyntaxError) -> ScalarClass {
        var name = ""
        if take("{") {
            while let scalar = peek, scalar != "}" { name.unicodeScalars.append(scalar); index += 1 }
            guard take("}") else { throw error("missing '}' after \\p{") }
        } else {
            name.unicodeScalars.append(try next())
        }
        var key = ""
        for scalar in name.lowercased().unicodeScalars where scalar != " " && scalar != "_" && scalar != "-" {
            key.unicodeScalars.append(scalar)
        }
        for prefix in ["generalcategory=", "gc=", "script=", "sc=", "is"] where key.hasPrefix(prefix) && key.count > prefix.count {
            key = String(key.dropFirst(prefix.count))
            break
        }
        if let category = Self.category(key) { return category }
        switch key {
        case "alphabetic", "alpha": return .alphabetic
        case "uppercase", "upper": return .uppercase
        case "lowercase", "lower": return .lowercase
        case "whitespace", "space", "wspace": return .space
        case "digit": return .digit
        case "any": return .any
        case "ascii": return .blocks([0...0x7F])
        case "han", "hani": return .blocks([0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF,
                                            0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F, 0x30000...0x323AF])
        case "hiragana", "hira": return .blocks([0x3041...0x309F, 0x1B001...0x1B11F])
        case "katakana", "kana": return .blocks([0x30A1...0x30FA, 0x30FD...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF6F, 0xFF71...0xFF9D])
        case "hangul", "hang": return .blocks([0x1100...0x11FF, 0x3131...0x318E, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF])
        case "latin", "latn": return .blocks([0x41...0x5A, 0x61...0x7A, 0xAA...0xAA, 0xBA...0xBA, 0xC0...0xD6, 0xD8...0xF6,
                                              0xF8...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xFF21...0xFF3A, 0xFF41...0xFF5A])
        case "greek", "grek": return .blocks([0x370...0x373, 0x375...0x3FF, 0x1F00...0x1FFF])
        case "cyrillic", "cyrl": return .blocks([0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F])
        case "arabic", "arab": return .blocks([0x600...0x604, 0x606...0x60B, 0x60D...0x61A, 0x61C...0x61E, 0x620...0x63F,
                                               0x641...0x64A, 0x656...0x66F, 0x671...0x6DC, 0x6DE...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFC])
        case "hebrew", "hebr": return .blocks([0x591...0x5C7, 0x5D0...0x5EA, 0x5EF...0x5F4, 0xFB1D...0xFB4F])
        case "thai": return .blocks([0xE01...0xE3A, 0xE40...0xE5B])
        default: throw error("unknown property '\(name)'")
        }
    }

    /// A general category by its short or long name (lowercased, no separators).
    static func category(_ key: String) -> ScalarClass? {
        typealias C = Unicode.GeneralCategory
        let table: [String: [C]] = [
            "l": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter],
            "letter": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter],
            "lc": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter], "l&": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter],
            "casedletter": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter],
            "lu": [.uppercaseLetter], "uppercaseletter": [.uppercaseLetter], "ll": [.lowercaseLetter], "lowercaseletter": [.lowercaseLetter],
            "lt": [.titlecaseLetter], "titlecaseletter": [.titlecaseLetter], "lm": [.modifierLetter], "modifierletter": [.modifierLetter],
            "lo": [.otherLetter], "otherletter": [.otherLetter],
            "m": [.nonspacingMark, .spacingMark, .enclosingMark], "mark": [.nonspacingMark, .spacingMark, .enclosingMark],
            "mn": [.nonspacingMark], "nonspacingmark": [.nonspacingMark], "mc": [.spacingMark], "spacingmark": [.spacingMark],
            "me": [.enclosingMark], "enclosingmark": [.enclosingMark],
            "n": [.decimalNumber, .letterNumber, .otherNumber], "number": [.decimalNumber, .letterNumber, .otherNumber],
            "nd": [.decimalNumber], "decimalnumber": [.decimalNumber], "nl": [.letterNumber], "letternumber": [.letterNumber],
            "no": [.otherNumber], "othernumber": [.otherNumber],
            "p": [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation],
            "punctuation": [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation],
            "pc": [.connectorPunctuation], "pd": [.dashPunctuation], "ps": [.openPunctuation], "pe": [.closePunctuation],
            "pi": [.initialPunctuation], "pf": [.finalPunctuation], "po": [.otherPunctuation],
            "s": [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol], "symbol": [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol],
            "sm": [.mathSymbol], "sc": [.currencySymbol], "sk": [.modifierSymbol], "so": [.otherSymbol],
            "z": [.spaceSeparator, .lineSeparator, .paragraphSeparator], "separator": [.spaceSeparator, .lineSeparator, .paragraphSeparator],
            "zs": [.spaceSeparator], "zl": [.lineSeparator], "zp": [.paragraphSeparator],
            "c": [.control, .format, .surrogate, .privateUse, .unassigned], "other": [.control, .format, .surrogate, .privateUse, .unassigned],
            "cc": [.control], "control": [.control], "cf": [.format], "format": [.format], "cs": [.surrogate],
            "co": [.privateUse], "cn": [.unassigned], "unassigned": [.unassigned],
        ]
        return table[key].map { .categories($0) }
    }
}
