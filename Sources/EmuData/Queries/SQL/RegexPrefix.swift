/// The literal text an anchored regular expression requires at the start of a match, so that a
/// prefix search can use an index range instead of scanning (the regex still decides).
enum RegexPrefix {
    private static let special: Set<Character> = ["\\", ".", "^", "$", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]
    private static let quantifiers: Set<Character> = ["?", "*", "{"]

    /// `^abc…` without `i`, `m` or `x` options and without alternation → `abc`; otherwise nil.
    static func literalPrefix(_ pattern: String, options: String) -> String? {
        guard pattern.hasPrefix("^"), !options.contains(where: { "imx".contains($0) }), !pattern.contains("|") else {
            return nil
        }
        var prefix = ""
        var rest = pattern.dropFirst()
        while let c = rest.first, !special.contains(c) {
            prefix.append(c)
            rest.removeFirst()
        }
        // `^abc?` or `^abc*`: the last literal is optional.
        if let next = rest.first, quantifiers.contains(next), !prefix.isEmpty { prefix.removeLast() }
        return prefix.isEmpty ? nil : prefix
    }
}
