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

// MARK: - Values

/// Values in CQL conditions (§3.8 functions included).
enum CQLValueParser {
    static func value(_ p: inout CQLParser) throws -> JSON {
        switch p.tokens.popFirst() {
        case .placeholder?: return try p.placeholder()
        case .number(let n)?: return .number(n)
        case .string(let s)?: return .string(s)
        case .word(let word)?:
            switch word.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            case "date":
                let args = try arguments(&p)
                guard args.count == 1, let iso = args[0].stringValue, let date = LCDate(iso: iso) else { throw CQLError.syntax("date('iso') needs an ISO date") }
                return date.json
            case "pointer":
                let args = try arguments(&p)
                guard args.count == 2, let className = args[0].stringValue, let id = args[1].stringValue else {
                    throw CQLError.syntax("pointer('Class', 'id') needs two strings")
                }
                return LCPointer(className: className, objectId: id).json
            case "geopoint":
                let args = try arguments(&p)
                guard args.count == 2, let lng = args[0].doubleValue, let lat = args[1].doubleValue,
                      let point = LCGeoPoint(latitude: lat, longitude: lng) else { throw APIError(.invalidGeoPoint) }
                return point.json
            default: throw CQLError.syntax("unexpected '\(word)' where a value was expected")
            }
        default: throw CQLError.syntax("expected a value")
        }
    }

    /// `(v, v, …)` for `in`; a single `?` bound to an array works too.
    static func list(_ p: inout CQLParser) throws -> JSON {
        if p.tokens.first == .placeholder {
            p.tokens.removeFirst()
            guard let array = try p.placeholder().arrayValue else { throw CQLError.syntax("in ? needs an array value") }
            return .array(array)
        }
        return .array(try arguments(&p))
    }

    private static func arguments(_ p: inout CQLParser) throws -> [JSON] {
        guard p.acceptSymbol("(") else { throw CQLError.syntax("expected (") }
        var values: [JSON] = []
        if p.acceptSymbol(")") { return values }
        repeat { values.append(try value(&p)) } while p.acceptSymbol(",")
        guard p.acceptSymbol(")") else { throw CQLError.syntax("expected )") }
        return values
    }
}
