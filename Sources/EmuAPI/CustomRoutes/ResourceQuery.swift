import LCWire

/// A resource list request as LeanCloud query parameters: the paging parameters the API uses
/// (`limit`/`offset` or `page`/`size`) as `limit`/`skip`, the other parameters as equality
/// filters in `where`, the declared `order`, and `count=1` for `{{count}}`.
struct ResourceQuery {
    let parameters: [(name: String, value: String)]

    init(spec: ResourceSpec, request: IncomingRequest) throws {
        var parameters: [(name: String, value: String)] = [("count", "1")]
        var pagingNames: [String]
        switch spec.paging {
        case .offset(let limit, let offset):
            pagingNames = [limit, offset]
            if let value = try Self.number(request, limit) { parameters.append(("limit", String(value))) }
            if let value = try Self.number(request, offset) { parameters.append(("skip", String(value))) }
        case .page(let page, let size, let firstPage):
            pagingNames = [page, size]
            let pageSize = try Self.number(request, size)
            if let pageSize { parameters.append(("limit", String(pageSize))) }
            if let number = try Self.number(request, page) {
                guard number >= firstPage else { throw InvalidInput("\(page) starts at \(firstPage)") }
                parameters.append(("skip", String((number - firstPage) * (pageSize ?? 100))))
            }
        }
        var conditions = JSONObject()
        for (name, value) in request.http.query where !pagingNames.contains(name) && conditions[name] == nil {
            guard spec.filters?.contains(name) ?? LCNames.isValidFieldName(name) else { continue }
            conditions[name] = Self.equality(value)
        }
        if !conditions.isEmpty { parameters.append(("where", JSON.object(conditions).jsonString)) }
        if let order = spec.order { parameters.append(("order", order)) }
        self.parameters = parameters
    }

    /// A query parameter is text; the field may hold a number or a boolean: match any of them.
    private static func equality(_ text: String) -> JSON {
        var candidates: [JSON] = [.string(text)]
        if let number = Double(text), number.isFinite { candidates.append(.number(number)) }
        if text == "true" || text == "false" { candidates.append(.bool(text == "true")) }
        return candidates.count == 1 ? candidates[0] : ["$in": .array(candidates)]
    }

    private static func number(_ request: IncomingRequest, _ name: String) throws -> Int? {
        guard let text = request.http.queryValue(name), !text.isEmpty else { return nil }
        guard let value = Int(text), value >= 0, value <= 1_000 else {
            throw InvalidInput("\(name) must be an integer in 0...1000")
        }
        return value
    }
}
