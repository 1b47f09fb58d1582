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

// MARK: - Options

extension LCQuery {
    /// Expands pointer fields (`include`; dot paths for nested levels).
    public func include(_ keys: String...) -> LCQuery {
        var copy = self
        copy.includedKeys += keys
        return copy
    }

    /// Returns only these fields (`keys`; `-field` excludes, dot paths select members).
    public func select(_ keys: String...) -> LCQuery {
        var copy = self
        copy.selectedKeys += keys
        return copy
    }

    /// Sort keys in order of priority; `-field` sorts descending.
    public func order(by keys: String...) -> LCQuery {
        var copy = self
        copy.orderKeys += keys
        return copy
    }

    public func skip(_ count: Int) -> LCQuery {
        var copy = self
        copy.skipCount = count
        return copy
    }

    /// At most `count` results (the server accepts 1…1000, default 100).
    public func limit(_ count: Int) -> LCQuery {
        var copy = self
        copy.limitCount = count
        return copy
    }

    /// The query-string parameters of `GET /1.1/classes/<Class>`.
    func parameters(count: Bool = false) -> [(String, String)] {
        var parameters: [(String, String)] = []
        if !conditions.isEmpty { parameters.append(("where", whereJSON.jsonString)) }
        if !orderKeys.isEmpty { parameters.append(("order", orderKeys.joined(separator: ","))) }
        if !selectedKeys.isEmpty { parameters.append(("keys", selectedKeys.joined(separator: ","))) }
        if !includedKeys.isEmpty { parameters.append(("include", includedKeys.joined(separator: ","))) }
        if let skipCount { parameters.append(("skip", String(skipCount))) }
        if let limitCount { parameters.append(("limit", String(limitCount))) }
        if count { parameters.append(("count", "1")) }
        return parameters
    }

    /// The inner-query form used by `$inQuery` / `$select`: `{"className","where",…}`.
    public var innerJSON: JSON {
        var object = JSONObject([("className", .string(className)), ("where", whereJSON)])
        if let limitCount { object["limit"] = .number(Double(limitCount)) }
        if let skipCount { object["skip"] = .number(Double(skipCount)) }
        if !orderKeys.isEmpty { object["order"] = .string(orderKeys.joined(separator: ",")) }
        return .object(object)
    }
}
