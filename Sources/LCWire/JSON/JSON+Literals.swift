// Literal conformances so that tests and handlers can write JSON as Swift literals:
// `let body: JSON = ["code": 101, "error": "…"]`.

extension JSON: ExpressibleByNilLiteral {
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
    /// `true` / `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    /// An integer literal becomes a number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSON: ExpressibleByFloatLiteral {
    /// A floating-point literal becomes a number.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSON: ExpressibleByStringLiteral {
    /// A string literal becomes a string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
    /// An array literal becomes an array.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// A dictionary literal becomes an object; its keys keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSON {
    /// A number from an integer; values beyond ±2^53 round, as in JavaScript.
    public init(_ value: Int) { self = .number(Double(value)) }

    /// A number from a 64-bit integer; values beyond ±2^53 round, as in JavaScript.
    public init(_ value: Int64) { self = .number(Double(value)) }

    /// A number.
    public init(_ value: Double) { self = .number(value) }

    /// A string.
    public init(_ value: String) { self = .string(value) }

    /// A boolean.
    public init(_ value: Bool) { self = .bool(value) }
}
