/// A character class: ranges of scalars and named classes, possibly negated, possibly
/// case-insensitive. Built by RegexParser, immutable once compiled.
struct ScalarSet: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    /// Named classes (`\d`, `[:alpha:]`, `\p{L}`), each possibly negated (`\D`, `\P{L}`).
    var classes: [(ScalarClass, negated: Bool)] = []
    /// Nested sets (`[a[bc]]`, ICU's union), each with its own negation.
    var members: [ScalarSet] = []
    var negated = false
    var fold = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        if containsExactly(scalar) { return !negated }
        if fold {
            for variant in caseVariants(of: scalar) where variant != scalar && containsExactly(variant) { return !negated }
        }
        return negated
    }

    private func containsExactly(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        for range in ranges where range.contains(value) { return true }
        for (named, negated) in classes where named.contains(scalar) != negated { return true }
        for member in members where member.contains(scalar) { return true }
        return false
    }
}

/// The classes a pattern names, with ICU's Unicode definitions.
enum ScalarClass: Sendable {
    /// `\d`: decimal digits (Nd).
    case digit
    /// `\w`: letters, marks, decimal digits, connector punctuation, ZWNJ and ZWJ.
    case word
    /// `\s`: white space (the White_Space property).
    case space
    /// `\h`: horizontal white space (tab and Zs).
    case horizontalSpace
    /// `\v` (ICU's meaning): vertical white space, the line terminators.
    case verticalSpace
    case categories([Unicode.GeneralCategory])
    case alphabetic, uppercase, lowercase, hexDigit, any
    /// Scripts, as the blocks they mostly live in (the standard library has no Script property).
    case blocks([ClosedRange<UInt32>])

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .digit:
            if scalar.isASCII { return ("0"..."9").contains(scalar) }
            return scalar.properties.generalCategory == .decimalNumber
        case .word: return isWordScalar(scalar)
        case .space:
            if scalar.isASCII { return scalar == " " || ("\t"..."\r").contains(scalar) }
            return scalar.properties.isWhitespace
        case .horizontalSpace: return scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        case .verticalSpace: return isLineTerminator(scalar)
        case .categories(let wanted): return wanted.contains(scalar.properties.generalCategory)
        case .alphabetic: return scalar.properties.isAlphabetic
        case .uppercase: return scalar.properties.isUppercase
        case .lowercase: return scalar.properties.isLowercase
        case .hexDigit: return scalar.properties.isASCIIHexDigit
        case .any: return true
        case .blocks(let blocks): return blocks.contains { $0.contains(scalar.value) }
        }
    }
}

/// `\w`, and what `\b` looks at.
@inline(__always)
func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
        let v = scalar.value
        return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F
    }
    if scalar.value == 0x200C || scalar.value == 0x200D { return true }
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
    default: return false
    }
}

/// The scalars equal to `scalar` ignoring case (simple, one-scalar case mappings), itself first.
func caseVariants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if scalar.isASCII {
        let v = scalar.value
        if (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) { return [scalar, Unicode.Scalar(UInt8(v ^ 0x20))] }
        return [scalar]
    }
    var variants = [scalar]
    func add(_ mapping: String) {
        var iterator = mapping.unicodeScalars.makeIterator()
        guard let only = iterator.next(), iterator.next() == nil, !variants.contains(only) else { return }
        variants.append(only)
    }
    let properties = scalar.properties
    add(properties.lowercaseMapping)
    add(properties.uppercaseMapping)
    add(properties.titlecaseMapping)
    for variant in variants.dropFirst() {
        add(variant.properties.lowercaseMapping)
        add(variant.properties.uppercaseMapping)
    }
    return variants
}
