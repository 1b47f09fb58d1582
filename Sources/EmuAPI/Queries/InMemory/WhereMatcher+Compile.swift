import Foundation
import LCWire

extension WhereMatcher {
    static func compile(_ json: JSON) throws -> WherePredicate {
        switch json {
        case .object(let object): return try compile(object)
        case .array(let parts): return .all(try parts.map(compileClause))
        default: throw APIError(.malformedJSON)
        }
    }

    private static func compileClause(_ json: JSON) throws -> WherePredicate {
        guard let object = json.objectValue else { throw APIError(.invalidQuery("'$and'/'$or' elements must be objects")) }
        return try compile(object)
    }

    private static func compile(_ object: JSONObject) throws -> WherePredicate {
        var parts: [WherePredicate] = []
        for (key, value) in object {
            switch key {
            case "$or", "$and":
                guard let clauses = value.arrayValue, !clauses.isEmpty else {
                    throw APIError(.invalidQuery("'\(key)' needs a non-empty array"))
                }
                let compiled = try clauses.map(compileClause)
                parts.append(key == "$or" ? .any(compiled) : .all(compiled))
            case _ where key.hasPrefix("$"):
                throw APIError(.invalidQuery("unsupported operator '\(key)'"))
            default:
                let path = FieldPath(key)
                guard path.segments.allSatisfy({ !$0.isEmpty }), !WebPassword.isHidden(path.head) else {
                    throw APIError(.invalidQuery("invalid key '\(key)'"))
                }
                parts.append(contentsOf: try conditions(value).map { .field(path, $0) })
            }
        }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    /// The conditions of one key: an operator object (`{"$gt":1,"$lt":5}`), or a value to equal.
    private static func conditions(_ value: JSON) throws -> [FieldCondition] {
        guard let object = value.objectValue, let first = object.keys.first, first.hasPrefix("$") else {
            return [.equals(value)]
        }
        guard object.keys.allSatisfy({ $0.hasPrefix("$") }) else {
            throw APIError(.invalidQuery("operators and plain keys cannot be mixed"))
        }
        var result: [FieldCondition] = []
        for (name, operand) in object where name != "$options" {
            result.append(try condition(name, operand, options: object["$options"]))
        }
        if object["$options"] != nil && object["$regex"] == nil {
            throw APIError(.invalidQuery("'$options' needs '$regex'"))
        }
        return result
    }

    private static func condition(_ name: String, _ operand: JSON, options: JSON?) throws -> FieldCondition {
        switch name {
        case "$ne": return .notEquals(operand)
        case "$lt", "$lte", "$gt", "$gte":
            guard let comparison = FieldCondition.Comparison(rawValue: name), isComparable(operand) else {
                throw APIError(.invalidQuery("'\(name)' needs a number, string, boolean or Date"))
            }
            return .compare(comparison, operand)
        case "$in", "$nin", "$all":
            guard let items = operand.arrayValue else { throw APIError(.invalidQuery("'\(name)' needs an array")) }
            return name == "$in" ? .isIn(items) : (name == "$nin" ? .notIn(items) : .containsAll(items))
        case "$exists":
            guard let flag = operand.boolValue else { throw APIError(.invalidQuery("'$exists' needs a boolean")) }
            return .exists(flag)
        case "$size":
            guard let size = operand.intValue, size >= 0 else { throw APIError(.invalidQuery("'$size' needs a non-negative integer")) }
            return .size(size)
        case "$regex":
            return .regex(try WhereRegex(pattern: operand, options: options))
        default:
            throw APIError(.invalidQuery("unsupported operator '\(name)'"))
        }
    }

    private static func isComparable(_ operand: JSON) -> Bool {
        switch operand {
        case .number, .string, .bool: return true
        default: return LCDate(json: operand) != nil
        }
    }
}
