import LCWire

extension FieldTest {
    /// Whether a field's value (`nil`: missing) passes, with MongoDB's semantics — the same the
    /// SQL compiler gives each test (docs/queries.md, "Semantics").
    func holds(for value: JSON?) -> Bool {
        switch self {
        case .equals(let operand): return Self.equals(value, operand)
        case .notEquals(let operand): return !Self.equals(value, operand)
        case .isIn(let operands): return Self.equalsAny(value, operands)
        case .notIn(let operands): return !Self.equalsAny(value, operands)
        case .containsAll(let operands):
            // MongoDB's $all is the $and of equalities: a scalar is a one-element array.
            return !operands.isEmpty && Self.equalsEvery(value, operands)
        case .exists(let flag): return (value != nil) == flag
        case .compare(let comparison, let operand):
            // Per element for arrays; only values of the operand's type order (JSONOrdering).
            return Self.elements(value).contains { JSONOrdering.compare($0, operand).map(comparison.accepts) ?? false }
        case .size(let size): return value?.arrayValue?.count == size
        case .regex(let regex): return Self.elements(value).contains { $0.stringValue.map(regex.matches) ?? false }
        case .geo(let condition): return condition.holds(for: value)
        case .inQuery, .select: return false  // refused by WhereMatcher before it gets here
        }
    }

    /// Equality as MongoDB has it: `null` matches null or missing; an array matches an equal
    /// array or one holding an equal element.
    static func equals(_ value: JSON?, _ operand: JSON) -> Bool {
        guard let value else { return operand.isNull }
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
