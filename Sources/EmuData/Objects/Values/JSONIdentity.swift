import LCWire

/// Whether two stored values denote the same thing, as AddUnique, Remove and `where`
/// equality need it (spec §2.8): pointers by className plus objectId (an included pointer
/// equals its bare form), files by objectId, dates by instant, numbers by value, objects
/// member by member in any order, arrays element by element.
public enum JSONIdentity {
    /// Whether `lhs` and `rhs` denote the same value.
    public static func same(_ lhs: JSON, _ rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            if let identity = typedIdentity(a), let other = typedIdentity(b) { return identity == other }
            return sameMembers(a, b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        default:
            return lhs == rhs
        }
    }

    /// Whether `array` holds an element the same as `value`.
    public static func contains(_ array: [JSON], _ value: JSON) -> Bool {
        array.contains { same($0, value) }
    }

    private static func sameMembers(_ a: JSONObject, _ b: JSONObject) -> Bool {
        guard a.count == b.count else { return false }
        for (key, value) in a {
            guard let other = b[key], same(value, other) else { return false }
        }
        return true
    }

    /// What identifies a typed value, or nil when its members must be compared one by one.
    private static func typedIdentity(_ object: JSONObject) -> String? {
        guard let tag = object[LCWireKey.type]?.stringValue else { return nil }
        switch LCTypeName(rawValue: tag) {
        case .pointer?, .object?:
            guard let className = object[LCWireKey.className]?.stringValue,
                  let objectId = object[LCWireKey.objectId]?.stringValue else { return nil }
            // A pointer to `_File` is the Swift SDK's way of writing a file reference (spec §2.7).
            if className == LCClassName.file { return "File\u{0}\(objectId)" }
            return "Pointer\u{0}\(className)\u{0}\(objectId)"
        case .file?:
            guard let id = object[LCWireKey.objectId]?.stringValue ?? object[LCWireKey.id]?.stringValue
            else { return nil }
            return "File\u{0}\(id)"
        case .date?:
            guard let date = LCDate(json: .object(object)) else { return nil }
            return "Date\u{0}\(date.millisecondsSince1970)"
        default:
            return nil
        }
    }
}

// MARK: - JSONOrdering

/// The order `$lt`, `$lte`, `$gt` and `$gte` use: only values of one kind compare — numbers
/// as numbers, strings by Unicode code point (UTF-8 byte order, as SQLite's BINARY collation),
/// Dates by instant, booleans false before true. Anything else is incomparable, so such a
/// condition matches nothing (Mongo's type bracketing, which LeanCloud runs on, spec §3.4).
public enum JSONOrdering {
    /// The order of `lhs` relative to `rhs`, or nil when they do not compare.
    public static func compare(_ lhs: JSON, _ rhs: JSON) -> Ordering? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            return a < b ? .ascending : (a > b ? .descending : .same)
        case (.string(let a), .string(let b)):
            if a.utf8.elementsEqual(b.utf8) { return .same }
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? .ascending : .descending
        case (.bool(let a), .bool(let b)):
            return a == b ? .same : (a ? .descending : .ascending)
        case (.object, .object):
            guard let a = LCDate(json: lhs), let b = LCDate(json: rhs) else { return nil }
            return a < b ? .ascending : (a > b ? .descending : .same)
        default:
            return nil
        }
    }

    /// The result of a comparison.
    public enum Ordering: Sendable {
        /// The left value comes first.
        case ascending
        /// The values are equal in this order.
        case same
        /// The right value comes first.
        case descending
    }
}
