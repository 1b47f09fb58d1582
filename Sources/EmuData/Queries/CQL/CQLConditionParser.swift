import LCWire

/// The `where` of a CQL statement, translated to a LeanCloud where object:
/// `a = v`, `!=`/`<>`, `<`, `<=`, `>`, `>=`, `[not] in (…)`, `[not] like '…'`, `between v and v`,
/// `is [not] exists`, `is [not] null`, `and`, `or` and parentheses. Values are literals,
/// `?` placeholders, `true`/`false`/`null`, `date('iso')`, `pointer('Class','id')`, `geopoint(lng, lat)`.
///
/// Parentheses nest at most `QueryLimits.maxClauseDepth` deep, refused with `WhereParser`'s 400:
/// redundant ones (`((a = 1))`) collapse to one condition, so `WhereParser` never sees their
/// depth, yet each costs this parser three stack frames.
enum CQLConditionParser {
    static func parse(_ parser: inout CQLParser) throws -> JSON {
        try disjunction(&parser, depth: 0)
    }

    private static func disjunction(_ p: inout CQLParser, depth: Int) throws -> JSON {
        var terms = [try conjunction(&p, depth: depth)]
        while p.accept("or") { terms.append(try conjunction(&p, depth: depth)) }
        return terms.count == 1 ? terms[0] : .object(["$or": .array(terms)])
    }

    private static func conjunction(_ p: inout CQLParser, depth: Int) throws -> JSON {
        var terms = [try primary(&p, depth: depth)]
        while p.accept("and") { terms.append(try primary(&p, depth: depth)) }
        return terms.count == 1 ? terms[0] : .object(["$and": .array(terms)])
    }

    private static func primary(_ p: inout CQLParser, depth: Int) throws -> JSON {
        if p.acceptSymbol("(") {
            guard depth < QueryLimits.maxClauseDepth else { throw QueryError.tooDeep }
            let inner = try disjunction(&p, depth: depth + 1)
            guard p.acceptSymbol(")") else { throw CQLError.syntax("missing )") }
            return inner
        }
        guard case .word(let field)? = p.tokens.popFirst() else { throw CQLError.syntax("expected a field name") }
        return .object(JSONObject([(field, try constraint(&p))]))
    }

    /// What follows the field name: the value for equality, or an operator object.
    private static func constraint(_ p: inout CQLParser) throws -> JSON {
        for (symbol, op) in [("=", ""), ("!=", "$ne"), ("<", "$lt"), ("<=", "$lte"), (">", "$gt"), (">=", "$gte")]
        where p.acceptSymbol(symbol) {
            let value = try CQLValueParser.value(&p)
            return op.isEmpty ? value : .object(JSONObject([(op, value)]))
        }
        if p.accept("is") {
            let negated = p.accept("not")
            if p.accept("exists") { return .object(["$exists": .bool(!negated)]) }
            if p.accept("null") { return negated ? .object(["$ne": .null]) : .null }
            throw CQLError.syntax("expected exists or null after is")
        }
        let negated = p.accept("not")
        if p.accept("in") { return .object(JSONObject([(negated ? "$nin" : "$in", try CQLValueParser.list(&p))])) }
        if p.accept("like") {
            guard case .string(let pattern) = try CQLValueParser.value(&p) else { throw CQLError.syntax("like needs a string") }
            let regex = likeToRegex(pattern)
            // not like: a negative lookahead of the whole anchored pattern.
            return .object(["$regex": .string(negated ? "^(?!" + regex.dropFirst() + ")" : regex)])
        }
        if !negated && p.accept("between") {
            let low = try CQLValueParser.value(&p)
            try p.expect("and")
            return .object(["$gte": low, "$lte": try CQLValueParser.value(&p)])
        }
        throw CQLError.syntax("unsupported condition \(p.describe(p.tokens.first))")
    }

    /// SQL `like` (% and _) as an anchored regular expression.
    static func likeToRegex(_ pattern: String) -> String {
        var regex = "^"
        for c in pattern {
            switch c {
            case "%": regex += ".*"
            case "_": regex += "."
            case "\\", ".", "+", "*", "?", "(", ")", "[", "]", "{", "}", "|", "^", "$": regex += "\\\(c)"
            default: regex.append(c)
            }
        }
        return regex + "$"
    }
}
