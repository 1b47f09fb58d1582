import LCWire

/// A condition on one field's value; `nil` is a missing field.
enum FieldCondition: Sendable {
    case equals(JSON)
    case notEquals(JSON)
    case compare(Comparison, JSON)
    case isIn([JSON])
    case notIn([JSON])
    case exists(Bool)
    case containsAll([JSON])
    case size(Int)
    case regex(WhereRegex)

    /// `$lt`, `$lte`, `$gt`, `$gte`.
    enum Comparison: String, Sendable {
        case lessThan = "$lt", lessThanOrEqual = "$lte", greaterThan = "$gt", greaterThanOrEqual = "$gte"

        func accepts(_ ordering: JSONOrdering.Ordering) -> Bool {
            switch (self, ordering) {
            case (.lessThan, .ascending), (.lessThanOrEqual, .ascending), (.lessThanOrEqual, .same),
                 (.greaterThan, .descending), (.greaterThanOrEqual, .descending), (.greaterThanOrEqual, .same):
                return true
            default:
                return false
            }
        }
    }

    func holds(for value: JSON?) -> Bool {
        switch self {
        case .equals(let operand): return Self.equals(value, operand)
        case .notEquals(let operand): return !Self.equals(value, operand)
        case .isIn(let operands): return operands.contains { Self.equals(value, $0) }
        case .notIn(let operands): return !operands.contains { Self.equals(value, $0) }
        case .exists(let flag): return (value != nil) == flag
        case .compare(let comparison, let operand):
            return Self.elements(value).contains { element in
                JSONOrdering.compare(element, operand).map(comparison.accepts) ?? false
            }
        case .containsAll(let operands):
            // Mongo's $all: a scalar counts as a one-element array; an empty list matches nothing.
            let items = Self.elements(value)
            return !operands.isEmpty && operands.allSatisfy { JSONIdentity.contains(items, $0) }
        case .size(let size):
            return value?.arrayValue?.count == size
        case .regex(let regex):
            return Self.elements(value).contains { $0.stringValue.map(regex.matches) ?? false }
        }
    }

    /// Equality as Mongo has it: `null` matches null or missing; an array field matches an
    /// equal array or an array containing the value.
    private static func equals(_ value: JSON?, _ operand: JSON) -> Bool {
        guard let value, !value.isNull else { return operand.isNull }
        if JSONIdentity.same(value, operand) { return true }
        if case .array(let items) = value { return JSONIdentity.contains(items, operand) }
        return false
    }

    /// The values a per-element operator looks at: an array's elements, or the value itself.
    private static func elements(_ value: JSON?) -> [JSON] {
        switch value {
        case nil: return []
        case .array(let items)?: return items
        case let single?: return [single]
        }
    }
}
