import LCWire

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
