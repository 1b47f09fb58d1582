import LCWire

/// One constraint on a field in a `where` (spec §3.2).
public struct LCConstraint: Sendable {
    let json: JSON
    /// True for `{"$op": …}` constraints (merged with others on the same key).
    let isOperator: Bool

    init(equal value: JSON) { json = value; isOperator = false }
    init(_ name: String, _ value: JSON) { json = .object(JSONObject([(name, value)])); isOperator = true }
    init(operators: [(String, JSON)]) { json = .object(JSONObject(operators)); isOperator = true }

    /// Equality (on an array field: the array contains the value).
    public static func equalTo(_ value: some LCValueConvertible) -> LCConstraint { LCConstraint(equal: value.lcJSON) }
    public static func notEqualTo(_ value: some LCValueConvertible) -> LCConstraint { LCConstraint("$ne", value.lcJSON) }
    public static func lessThan(_ value: some LCValueConvertible) -> LCConstraint { LCConstraint("$lt", value.lcJSON) }
    public static func lessThanOrEqualTo(_ value: some LCValueConvertible) -> LCConstraint { LCConstraint("$lte", value.lcJSON) }
    public static func greaterThan(_ value: some LCValueConvertible) -> LCConstraint { LCConstraint("$gt", value.lcJSON) }
    public static func greaterThanOrEqualTo(_ value: some LCValueConvertible) -> LCConstraint { LCConstraint("$gte", value.lcJSON) }
    public static func containedIn(_ values: [some LCValueConvertible]) -> LCConstraint { LCConstraint("$in", values.lcJSON) }
    public static func notContainedIn(_ values: [some LCValueConvertible]) -> LCConstraint { LCConstraint("$nin", values.lcJSON) }
    /// The array field contains every value.
    public static func containsAll(_ values: [some LCValueConvertible]) -> LCConstraint { LCConstraint("$all", values.lcJSON) }
    /// The array field has exactly `count` elements.
    public static func size(_ count: Int) -> LCConstraint { LCConstraint("$size", .number(Double(count))) }
    public static var exists: LCConstraint { LCConstraint("$exists", true) }
    public static var notExists: LCConstraint { LCConstraint("$exists", false) }

    /// A regular expression; `options` combines `i`, `m`, `s`, `x`.
    public static func matches(_ regex: String, options: String = "") -> LCConstraint {
        options.isEmpty ? LCConstraint("$regex", .string(regex))
            : LCConstraint(operators: [("$regex", .string(regex)), ("$options", .string(options))])
    }
    public static func contains(_ text: String) -> LCConstraint { matches(escape(text)) }
    public static func hasPrefix(_ text: String) -> LCConstraint { matches("^" + escape(text)) }
    public static func hasSuffix(_ text: String) -> LCConstraint { matches(escape(text) + "$") }

    /// A pointer field whose target matches `query` (`$inQuery`).
    public static func matchesQuery(_ query: LCQuery) -> LCConstraint { LCConstraint("$inQuery", query.innerJSON) }
    /// A pointer field whose target does not match `query` (`$notInQuery`).
    public static func doesNotMatchQuery(_ query: LCQuery) -> LCConstraint { LCConstraint("$notInQuery", query.innerJSON) }
    /// The value equals field `key` of some result of `query` (`$select`).
    public static func matchesKey(_ key: String, in query: LCQuery) -> LCConstraint {
        LCConstraint("$select", ["query": query.innerJSON, "key": .string(key)])
    }
    /// The value equals field `key` of no result of `query` (`$dontSelect`).
    public static func doesNotMatchKey(_ key: String, in query: LCQuery) -> LCConstraint {
        LCConstraint("$dontSelect", ["query": query.innerJSON, "key": .string(key)])
    }

    /// A distance for `near`, in the unit the server is told.
    public enum Distance: Sendable {
        case kilometers(Double), miles(Double), radians(Double)

        func bound(_ prefix: String) -> (String, JSON) {
            switch self {
            case .kilometers(let value): return ("$\(prefix)DistanceInKilometers", .number(value))
            case .miles(let value): return ("$\(prefix)DistanceInMiles", .number(value))
            case .radians(let value): return ("$\(prefix)DistanceInRadians", .number(value))
            }
        }
    }

    /// Sorted by distance from `point`, nearest first, optionally within bounds.
    public static func near(_ point: LCGeoPoint, within max: Distance? = nil, beyond min: Distance? = nil) -> LCConstraint {
        var operators: [(String, JSON)] = [("$nearSphere", point.json)]
        if let max { operators.append(max.bound("max")) }
        if let min { operators.append(min.bound("min")) }
        return LCConstraint(operators: operators)
    }

    /// Sorted by distance from `point`, optionally within `maxKilometers`.
    public static func near(_ point: LCGeoPoint, maxKilometers: Double?, minKilometers: Double? = nil) -> LCConstraint {
        near(point, within: maxKilometers.map(Distance.kilometers), beyond: minKilometers.map(Distance.kilometers))
    }
    /// Inside the rectangle from `southwest` to `northeast` (`$within.$box`).
    public static func withinBox(southwest: LCGeoPoint, northeast: LCGeoPoint) -> LCConstraint {
        LCConstraint("$within", ["$box": [southwest.json, northeast.json]])
    }

    /// Escapes regex metacharacters so `text` matches literally.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
