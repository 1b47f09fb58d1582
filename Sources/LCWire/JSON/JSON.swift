/// A JSON value as LeanCloud sends and receives it.
///
/// We keep our own type instead of Foundation's `JSONSerialization` because that one loses
/// key order, cannot tell `true` from `1` (both are `NSNumber`) and is slow on Linux.
///
/// ```swift
/// let body: JSON = ["objectId": "558e20cbe4b060308e3eb36c", "count": 3]
/// body["count"]?.intValue      // 3
/// body.jsonString              // {"objectId":"558e20cbe4b060308e3eb36c","count":3}
/// ```
public enum JSON: Equatable, Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Every JSON number; like JavaScript we keep one numeric type, a `Double`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSON])
    /// An object whose keys keep their insertion order.
    case object(JSONObject)
}

extension JSON {
    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is a number.
    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int`, only when it is integral and fits (`3.0` → 3, `3.5` → nil).
    public var intValue: Int? {
        guard case .number(let value) = self else { return nil }
        return Int(exactly: value)
    }

    /// The number as an `Int64`, only when it is integral and fits.
    public var int64Value: Int64? {
        guard case .number(let value) = self else { return nil }
        return Int64(exactly: value)
    }

    /// The boolean, if this is `true` or `false` (never coerced from numbers).
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key`, if this is an object that has it.
    public subscript(key: String) -> JSON? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index`, if this is an array and the index is in range.
    public subscript(index: Int) -> JSON? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }
}

// MARK: - Literals

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

// MARK: - Serialization

extension JSON {
    /// The compact UTF-8 text of this value, as `JSON.stringify` writes it.
    ///
    /// ```swift
    /// JSON.object(["a": [1, "x"]]).serialized()   // Array(#"{"a":[1,"x"]}"#.utf8)
    /// ```
    public func serialized() -> [UInt8] { JSONSerializer.serialize(self) }

    /// The compact text of this value as a `String`.
    public var jsonString: String { String(decoding: serialized(), as: UTF8.self) }
}

extension JSON: CustomStringConvertible {
    /// The compact JSON text of the value.
    public var description: String { jsonString }
}
