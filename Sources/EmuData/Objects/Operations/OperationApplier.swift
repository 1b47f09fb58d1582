import LCWire

/// Applies an operation to a field's current value (spec §2.8). A missing field or `null`
/// counts as 0 for numbers and as an empty array for arrays; any other type is error 111.
enum OperationApplier {
    /// The field's new value, or nil when the field is removed. Relation member changes are
    /// appended to `edits`.
    static func apply(_ operation: FieldOperation, to current: JSON?, key: String,
                      edits: inout [RelationEdit]) throws -> JSON? {
        let value = current?.isNull == true ? nil : current
        switch operation {
        case .delete:
            return nil
        case .increment(let amount):
            guard let value else { return .number(amount) }
            guard let number = value.doubleValue else { throw mismatch(key, value, attempted: .number) }
            // A sum past ±1.8e308 is infinite, which JSON cannot carry: it would be stored and
            // served as null. Refused, so the update changes nothing (docs/objects.md).
            let sum = number + amount
            guard sum.isFinite else {
                throw APIError(.invalidOperation(key: key, detail: "the result is not a finite number"))
            }
            return .number(sum)
        case .bitwise(let op, let operand):
            guard let value else { return .number(Double(op.apply(0, operand))) }
            guard let number = value.int64Value else {
                guard value.doubleValue != nil else { throw mismatch(key, value, attempted: .number) }
                throw APIError(.incorrectFieldType.with(message: "Bitwise operations need an integer in key '\(key)'."))
            }
            return .number(Double(op.apply(number, operand)))
        case .add(let items):
            return .array(try array(value, key: key) + items)
        case .addUnique(let items):
            var result = try array(value, key: key)
            for item in items where !JSONIdentity.contains(result, item) { result.append(item) }
            return .array(result)
        case .remove(let items):
            // Mongo's $pullAll, which LeanCloud runs: on a missing field it changes nothing.
            guard value != nil else { return current }
            return .array(try array(value, key: key).filter { !JSONIdentity.contains(items, $0) })
        case .addRelation(let targets), .removeRelation(let targets):
            return try relation(operation, targets, value, key: key, edits: &edits)
        case .batch(let operations):
            var result = current
            for inner in operations { result = try apply(inner, to: result, key: key, edits: &edits) }
            return result
        }
    }

    private static func array(_ value: JSON?, key: String) throws -> [JSON] {
        guard let value else { return [] }
        guard let items = value.arrayValue else { throw mismatch(key, value, attempted: .array) }
        return items
    }

    private static func relation(_ operation: FieldOperation, _ targets: [LCPointer], _ value: JSON?,
                                 key: String, edits: inout [RelationEdit]) throws -> JSON {
        let className = targets[0].className
        if let value {
            guard StoredReference.relationClassName(of: value) == className else {
                throw mismatch(key, value, attempted: .relation(className: className))
            }
        }
        let adds: Bool
        if case .addRelation = operation { adds = true } else { adds = false }
        edits.append(RelationEdit(key: key, adds: adds, targets: targets))
        return StoredReference.relation(className: className)
    }

    /// 111 naming the type the field holds and the type the operation works on.
    private static func mismatch(_ key: String, _ value: JSON, attempted: FieldType) -> APIError {
        let existing = FieldType(of: value)?.displayName ?? "Null"
        return APIError(.invalidType(key: key, expected: existing, got: attempted.displayName))
    }
}
