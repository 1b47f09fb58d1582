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

extension FieldTest {
    /// Lists longer than this look strings and numbers up in sets; shorter ones compare one by one.
    static let setLookupThreshold = 16

    /// `$in`: equal (as `equals`) to one of `operands`. A long list's strings and numbers are
    /// looked up among the value and its elements, so an array of many elements against a list
    /// of many values (QueryLimits.maxListValues) costs their sum, not their product.
    static func equalsAny(_ value: JSON?, _ operands: [JSON]) -> Bool {
        guard operands.count > setLookupThreshold, let value else { return operands.contains { equals(value, $0) } }
        let (strings, numbers, others) = partition(operands)
        let found = candidates(value).contains { candidate in
            switch candidate {
            case .string(let text): return strings.contains(text)
            case .number(let number): return numbers.contains(number)
            default: return false
            }
        }
        return found || others.contains { equals(value, $0) }
    }

    /// `$all`: equal (as `equals`) to every one of `operands`, which are not empty.
    static func equalsEvery(_ value: JSON?, _ operands: [JSON]) -> Bool {
        guard operands.count > setLookupThreshold, let value else { return operands.allSatisfy { equals(value, $0) } }
        let (strings, numbers, others) = partition(operands)
        let (heldStrings, heldNumbers, _) = partition(candidates(value))
        return strings.isSubset(of: heldStrings) && numbers.isSubset(of: heldNumbers) && others.allSatisfy { equals(value, $0) }
    }

    /// What equality looks at: the value, and an array's elements.
    private static func candidates(_ value: JSON) -> [JSON] {
        guard case .array(let items) = value else { return [value] }
        return [value] + items
    }

    private static func partition(_ values: [JSON]) -> (Set<String>, Set<Double>, [JSON]) {
        var strings = Set<String>(), numbers = Set<Double>(), others: [JSON] = []
        for value in values {
            switch value {
            case .string(let text): strings.insert(text)
            case .number(let number): numbers.insert(number)
            default: others.append(value)
            }
        }
        return (strings, numbers, others)
    }
}
