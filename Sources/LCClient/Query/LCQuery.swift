import LCWire

/// A query on one class (spec §3): constraints, projection, includes, order and paging.
/// Each builder call returns a new query, so queries are values you can share and extend.
///
/// ```swift
/// let recent = LCQuery(className: "Post")
///     .whereKey("likes", .greaterThan(10))
///     .whereKey("title", .hasPrefix("Swift"))
///     .include("author").order(by: "-createdAt").limit(20)
/// let posts = try await recent.find(in: app)
/// for try await post in recent.objects(in: app) { … }   // every page
/// ```
public struct LCQuery: Sendable {
    public let className: String
    /// The `where` object built so far.
    public internal(set) var conditions: JSONObject = JSONObject()
    public internal(set) var orderKeys: [String] = []
    public internal(set) var selectedKeys: [String] = []
    public internal(set) var includedKeys: [String] = []
    public internal(set) var skipCount: Int?
    public internal(set) var limitCount: Int?

    public init(className: String) {
        self.className = className
    }

    /// A query on a typed model's class.
    public init<Model: LCModel>(_ type: Model.Type) {
        self.init(className: Model.className)
    }

    /// The `where` JSON.
    public var whereJSON: JSON { .object(conditions) }

    /// Adds a constraint on `key`. Several operators on one key combine (`$gt` and `$lt`);
    /// an equality replaces what was there.
    public func whereKey(_ key: String, _ constraint: LCConstraint) -> LCQuery {
        var copy = self
        switch constraint.json {
        case .object(let operators) where constraint.isOperator:
            var merged = JSONObject()
            if let existing = copy.conditions[key]?.objectValue, existing.keys.allSatisfy({ $0.hasPrefix("$") }) {
                merged = existing
            }
            for (name, value) in operators { merged[name] = value }
            copy.conditions[key] = .object(merged)
        default:
            copy.conditions[key] = constraint.json
        }
        return copy
    }

    /// Adds a raw top-level condition (`$or`, `$and`, `$relatedTo`, or any JSON the server knows).
    public func whereRaw(_ key: String, _ value: JSON) -> LCQuery {
        var copy = self
        copy.conditions[key] = value
        return copy
    }

    /// Objects matching any of `queries` (`$or`).
    public static func or(_ queries: [LCQuery]) -> LCQuery {
        LCQuery(className: queries.first?.className ?? "").whereRaw("$or", .array(queries.map(\.whereJSON)))
    }

    /// Objects matching all of `queries` (`$and`, needed to combine two `$or`s).
    public static func and(_ queries: [LCQuery]) -> LCQuery {
        LCQuery(className: queries.first?.className ?? "").whereRaw("$and", .array(queries.map(\.whereJSON)))
    }

    /// The members of `owner`'s relation field `key` (`$relatedTo`; query the members' class).
    public func relatedTo(_ owner: LCPointer, key: String) -> LCQuery {
        whereRaw("$relatedTo", [
            "object": owner.json, "key": .string(key),
        ])
    }
}
