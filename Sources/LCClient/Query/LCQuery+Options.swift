import LCWire

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
