/// A token of a CQL statement (§3.8).
enum CQLToken: Equatable {
    case word(String)          // identifiers and keywords, keywords compared case-insensitively
    case number(Double)
    case string(String)
    case placeholder           // ?
    case symbol(String)        // ( ) , * = != <> < <= > >=

    func isKeyword(_ keyword: String) -> Bool {
        if case .word(let word) = self { return word.asciiCaseInsensitiveEquals(keyword) }
        return false
    }
}

/// Splits a statement into tokens; anything it cannot read is a CQL syntax error (300).
enum CQLLexer {
    static func tokens(_ text: String) throws -> [CQLToken] {
        var tokens: [CQLToken] = []
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.first {
            if c.properties.isWhitespace { chars.removeFirst(); continue }
            if c == "'" || c == "\"" {
                chars.removeFirst()
                var value = ""
                var closed = false
                while let d = chars.popFirst() {
                    if d == c {
                        if chars.first == c { value.unicodeScalars.append(c); chars.removeFirst(); continue }  // '' escape
                        closed = true
                        break
                    }
                    value.unicodeScalars.append(d)
                }
                guard closed else { throw CQLError.syntax("unterminated string") }
                tokens.append(.string(value))
            } else if c.properties.numericType != nil || (c == "-" && chars.dropFirst().first?.properties.numericType != nil) {
                var text = String(chars.removeFirst())
                while let d = chars.first, d.properties.numericType != nil || d == "." || d == "e" || d == "E" { text.unicodeScalars.append(chars.removeFirst()) }
                guard let number = Double(text), number.isFinite else { throw CQLError.syntax("bad number \(text)") }
                tokens.append(.number(number))
            } else if c.properties.isAlphabetic || c == "_" {
                var word = ""
                while let d = chars.first, d.properties.isAlphabetic || d.properties.numericType != nil || d == "_" || d == "." {
                    word.unicodeScalars.append(chars.removeFirst())
                }
                tokens.append(.word(word))
            } else if c == "?" {
                chars.removeFirst()
                tokens.append(.placeholder)
            } else {
                let two = String(String.UnicodeScalarView(chars.prefix(2)))
                if ["!=", "<>", "<=", ">="].contains(two) {
                    chars.removeFirst(2)
                    tokens.append(.symbol(two == "<>" ? "!=" : two))
                } else if "(),*=<>".unicodeScalars.contains(c) {
                    chars.removeFirst()
                    tokens.append(.symbol(String(c)))
                } else {
                    throw CQLError.syntax("unexpected '\(c)'")
                }
            }
        }
        return tokens
    }
}

/// CQL failures answer 300 `CQL syntax error.` with the detail appended.
package enum CQLError {
    package static func syntax(_ detail: String) -> APIError {
        APIError(.cqlSyntaxError.with(message: "CQL syntax error. \(detail)"))
    }
}
