import LCWire

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
