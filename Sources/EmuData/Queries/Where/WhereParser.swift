import LCWire

/// Reads a `where` (spec §3.2) into a `WhereClause`, once, for both engines. Every operator name,
/// operand check and error message lives in this file: a `where`
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

// MARK: - Operators

extension WhereParser {
    /// The tests of one key: an object of `$` operators, or any other value to equal.
    mutating func tests(of path: String, _ value: JSON) throws -> [FieldTest] {
        try budget.spend()
        guard let operators = value.objectValue, operators.keys.contains(where: { $0.hasPrefix("$") }) else {
            return [.equals(Self.operand(value, for: path))]
        }
        try budget.spend(operators.count - 1)
        guard operators.keys.allSatisfy({ $0.hasPrefix("$") }) else {
            throw QueryError.invalid("\(path) mixes operators and plain keys")
        }
        var tests: [FieldTest] = []
        var geo = GeoCondition()
        for (op, operand) in operators {
            switch op {
            case "$ne": tests.append(.notEquals(Self.operand(operand, for: path)))
            case let op where WhereComparison(rawValue: op) != nil:
                tests.append(.compare(WhereComparison(rawValue: op) ?? .lessThan, try Self.comparable(operand, op, path)))
            case "$in", "$nin", "$all":
                guard let items = operand.arrayValue else { throw QueryError.invalid("\(op) needs an array") }
                try budget.spend(list: items, op, bulkPointers: op != "$all")
                tests.append(op == "$in" ? .isIn(items) : op == "$nin" ? .notIn(items) : .containsAll(items))
            case "$size":
                guard let n = operand.intValue, n >= 0 else { throw QueryError.invalid("$size needs a non-negative integer") }
                tests.append(.size(n))
            case "$exists":
                guard let flag = operand.boolValue else { throw QueryError.invalid("$exists needs true or false") }
                tests.append(.exists(flag))
            case "$regex":
                tests.append(.regex(try WhereRegex(pattern: operand, options: operators["$options"])))
            case "$options":
                guard operators["$regex"] != nil else { throw QueryError.invalid("$options needs $regex") }
            case "$inQuery", "$notInQuery":
                tests.append(.inQuery(try innerQuery(operand, op), negated: op == "$notInQuery"))
            case "$select", "$dontSelect":
                guard let spec = operand.objectValue, let query = spec["query"], query.objectValue?["className"] != nil,
                      let key = spec["key"]?.stringValue else {
                    throw QueryError.invalid("\(op) needs {\"query\":{\"className\":…,\"where\":…},\"key\":…}")
                }
                tests.append(.select(try innerQuery(query, op), key: key, negated: op == "$dontSelect"))
            default:
                guard try geo.accept(op, operand) else { throw QueryError.invalid("unknown operator \(op)") }
            }
        }
        if let condition = try geo.finished() {
            if condition.near != nil { try noteNearSphere() }
            tests.append(.geo(condition))
        }
        return tests
    }

    /// `createdAt`/`updatedAt` take a Date or its ISO string (§2.7): the string reads as the Date.
    static func operand(_ value: JSON, for path: String) -> JSON {
        guard path == LCFieldName.createdAt || path == LCFieldName.updatedAt,
              let text = value.stringValue, let date = LCDate(iso: text) else { return value }
        return date.json
    }

    /// An operand `$lt`… can order: a number, a string, a boolean or a Date (MongoDB's brackets;
    /// null, arrays and other objects would order across types, which LeanCloud's SDKs never send).
    /// `objectId` compares as text, `createdAt`/`updatedAt` as instants.
    private static func comparable(_ value: JSON, _ op: String, _ path: String) throws -> JSON {
        let operand = operand(value, for: path)
        let isDate = LCDate(json: operand) != nil
        switch path {
        case LCFieldName.objectId where operand.stringValue == nil,
             LCFieldName.createdAt where !isDate && operand.stringValue == nil,
             LCFieldName.updatedAt where !isDate && operand.stringValue == nil:
            throw QueryError.invalid("cannot compare \(path) with \(ValueCondition.describe(QueryOperand(operand)))")
        default: break
        }
        switch operand {
        case .number, .string, .bool: return operand
        default:
            guard isDate else {
                throw QueryError.invalid("\(op) needs a number, a string, a boolean or a Date, got \(ValueCondition.describe(QueryOperand(operand)))")
            }
            return operand
        }
    }

    /// `{"className":…,"where":…,"order"?,"limit"?,"skip"?}`, its `where` parsed one level deeper.
    private mutating func innerQuery(_ value: JSON, _ op: String) throws -> InnerQuery {
        guard let query = value.objectValue, let className = query["className"]?.stringValue else {
            throw QueryError.invalid("\(op) needs {\"className\":…,\"where\":…}")
        }
        guard depth < Self.maxInnerDepth else {
            throw QueryError.invalid("inner queries nest more than \(Self.maxInnerDepth) deep")
        }
        let number = { (key: String) in query[key].flatMap { $0.intValue.map(String.init) ?? $0.stringValue } }
        return InnerQuery(
            className: className, condition: try query["where"].map { try Self.parse($0, depth: depth + 1, budget: &budget) },
            order: query["order"]?.stringValue, limit: QueryPaging.limit(number("limit")), skip: QueryPaging.skip(number("skip")))
    }
}
