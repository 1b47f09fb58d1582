import LCWire

/// Reads a `where` (spec §3.2) into a `WhereClause`, once, for both engines. Every operator name,
/// operand check and error message lives here (and in `WhereParser+Operators.swift`): a `where`
/// refused by a query is refused by a conditional write with the same code and message.
///
/// Not JSON or not an object/array → 107; anything else wrong → 400 code 1 `Invalid query: …`;
/// a bad GeoPoint → 302. The sizes `QueryLimits` sets are counted here, once for every caller.
struct WhereParser {
    /// How deep inner queries nest. SQLite's parser stack (100 entries in the system library)
    /// overflows at 6 levels once the ACL read filter is added; 5 works for every caller.
    static let maxInnerDepth = 5

    /// How many inner queries enclose this `where` (0 at the top).
    let depth: Int
    /// `$nearSphere` orders the results, so one `where` may hold only one.
    private var nearSpheres = 0
    /// The conditions counted so far, this `where`'s and its inner queries'.
    var budget = WhereBudget()
    /// How many `$or`/`$and` enclose the clause being read.
    private var clauseDepth = 0

    /// Parses a whole `where`: an object, or a top-level array meaning `$and` (§3.1).
    static func parse(_ json: JSON, depth: Int = 0) throws -> WhereClause {
        var budget = WhereBudget()
        return try parse(json, depth: depth, budget: &budget)
    }

    /// Parses a `where`, counting its conditions into `budget` (an inner query's, its outer one's).
    static func parse(_ json: JSON, depth: Int, budget: inout WhereBudget) throws -> WhereClause {
        var parser = WhereParser(depth: depth, budget: budget)
        defer { budget = parser.budget }
        switch json {
        case .object(let object): return try parser.clause(object)
        case .array(let items):
            return .all(try parser.branches(items, in: "where"))
        default: throw APIError(.malformedJSON)
        }
    }

    private init(depth: Int, budget: WhereBudget) {
        self.depth = depth
        self.budget = budget
    }

    private mutating func clause(_ object: JSONObject) throws -> WhereClause {
        var parts: [WhereClause] = []
        for (key, value) in object {
            switch key {
            case "$or", "$and":
                guard let items = value.arrayValue, !items.isEmpty else { throw Self.needsConditions(key) }
                guard clauseDepth < QueryLimits.maxClauseDepth else { throw QueryError.tooDeep }
                clauseDepth += 1
                defer { clauseDepth -= 1 }
                let clauses = try branches(items, in: key)
                parts.append(key == "$or" ? .any(clauses) : .all(clauses))
            case "$relatedTo":
                try budget.spend()
                parts.append(try Self.relatedTo(value))
            default:
                guard !key.hasPrefix("$") else { throw QueryError.invalid("unknown operator \(key)") }
                try Self.validate(key: key)
                parts.append(.field(key, try tests(of: key, value)))
            }
        }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    /// The branches of an `$or`/`$and` or a top-level array. Each costs at least one condition, so
    /// a list of empty objects (`{"$or":[{},{},…]}`), which tests no key, still spends the budget.
    private mutating func branches(_ items: [JSON], in key: String) throws -> [WhereClause] {
        try items.map { item in
            let spent = budget.conditions
            let branch = try clause(Self.condition(item, in: key))
            if budget.conditions == spent { try budget.spend() }
            return branch
        }
    }

    mutating func noteNearSphere() throws {
        nearSpheres += 1
        guard nearSpheres == 1 else { throw QueryError.invalid("only one $nearSphere per query") }
    }

    private static func condition(_ json: JSON, in key: String) throws -> JSONObject {
        guard let object = json.objectValue else { throw needsConditions(key) }
        return object
    }

    private static func needsConditions(_ key: String) -> APIError {
        QueryError.invalid("\(key) needs a non-empty array of conditions")
    }

    /// A field path both engines can address: dot-separated non-empty segments without `$`, no
    /// quotes, backslashes or controls (the SQL compiler splices paths into JSON paths), never
    /// the hidden web password (Users/UserPassword.swift).
    static func validate(key path: String) throws {
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard segments.allSatisfy(FieldAccess.isSafeKey), !UserPassword.isHidden(segments[0]) else {
            throw QueryError.invalid("bad key '\(path)'")
        }
    }

    /// `{"object":<Pointer>,"key":"field"}`.
    private static func relatedTo(_ value: JSON) throws -> WhereClause {
        guard let object = value.objectValue, let owner = object["object"].flatMap(LCPointer.init(json:)),
              let key = object["key"]?.stringValue else {
            throw QueryError.invalid("$relatedTo needs {\"object\":<Pointer>,\"key\":<field>}")
        }
        return .relatedTo(owner: owner, key: key)
    }
}
