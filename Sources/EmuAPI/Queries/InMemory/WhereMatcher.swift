import LCWire

/// Decides in memory whether one object satisfies a LeanCloud `where` condition (spec §3.2).
///
/// It serves conditional updates and deletes (`?where=`, spec §2.5) and is the reference the
/// SQL query compiler is tested against, so it depends on nothing but the JSON it is given.
/// Supported: equality (an array field matches when it contains the value; `null` matches a
/// missing field), `$ne $lt $lte $gt $gte $in $nin $exists $all $size $regex`(+`$options`),
/// `$or`/`$and` (nested too), a top-level array as an implicit `$and`, and dot paths into
/// embedded objects. Values compare by type (`JSONOrdering`, `JSONIdentity`). The top-level
/// `createdAt`/`updatedAt` strings of the object compare as Dates (spec §2.7).
///
/// Operators that need other objects (`$inQuery`, `$select`, `$relatedTo`, geo queries) are
/// refused with code 1, like unknown operators; text that is not a JSON object or array is 107.
///
/// ```swift
/// let matcher = try WhereMatcher(text: #"{"likes":{"$gte":10}}"#)
/// matcher.matches(["likes": 12])   // true
/// ```
public struct WhereMatcher: Sendable {
    let predicate: WherePredicate

    /// Compiles a parsed condition: an object, or an array of objects meaning `$and`.
    public init(where json: JSON) throws {
        predicate = try Self.compile(json)
    }

    /// Compiles the text of a `where` parameter; an empty text matches everything.
    public init(text: String) throws {
        if text.allSatisfy(\.isWhitespace) {
            try self.init(where: .object(JSONObject()))
        } else {
            guard let json = try? JSONParser.parse(text) else { throw APIError(.malformedJSON) }
            try self.init(where: json)
        }
    }

    /// Whether `object` (its wire JSON: fields plus `objectId`, `createdAt`, `updatedAt`)
    /// satisfies the condition.
    public func matches(_ object: JSONObject) -> Bool {
        predicate.evaluate(on: object)
    }
}

/// A compiled condition.
indirect enum WherePredicate: Sendable {
    /// Every part holds (`$and`, an object's keys, a top-level array); true when empty.
    case all([WherePredicate])
    /// Some part holds (`$or`).
    case any([WherePredicate])
    /// The value at a path satisfies a condition.
    case field(FieldPath, FieldCondition)

    func evaluate(on object: JSONObject) -> Bool {
        switch self {
        case .all(let parts): return parts.allSatisfy { $0.evaluate(on: object) }
        case .any(let parts): return parts.contains { $0.evaluate(on: object) }
        case .field(let path, let condition): return condition.holds(for: Self.resolve(path, in: object))
        }
    }

    /// The value at `path`; the wire form's `createdAt`/`updatedAt` strings read as Dates.
    static func resolve(_ path: FieldPath, in object: JSONObject) -> JSON? {
        let value = path.value(in: object)
        guard !path.isNested, path.head == LCFieldName.createdAt || path.head == LCFieldName.updatedAt,
              let text = value?.stringValue, let date = LCDate(iso: text) else { return value }
        return date.json
    }
}
