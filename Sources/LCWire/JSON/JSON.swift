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
