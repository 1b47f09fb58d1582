extension JSONObject: Equatable {
    /// Equal when both hold the same keys with equal values, in any order (RFC 8259 §4:
    /// object members are unordered).
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // Keys are unique on both sides, so equal counts plus every lhs member found in rhs
        // means the same key sets.
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object from a literal; its keys keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The compact JSON text of the object.
    public var description: String { JSON.object(self).jsonString }
}

extension JSON: CustomStringConvertible {
    /// The compact JSON text of the value.
    public var description: String { jsonString }
}
