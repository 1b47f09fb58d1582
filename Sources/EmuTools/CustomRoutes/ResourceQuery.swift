import EmuData
import EmuRouting
import LCWire

/// A resource list request as a LeanCloud query: the paging parameters the API uses
/// (`limit`/`offset` or `page`/`size`) as `limit`/`skip`, the other parameters as equality
/// filters in `where`, the declared `order`, and the count for `{{count}}`.
struct ResourceQuery {
    let parameters: QueryParameters

    init(spec: ResourceSpec, request: IncomingRequest) throws {
        var limit: Int?
        var skip: Int?
        var pagingNames: [String]
        switch spec.paging {
        case .offset(let limitName, let offsetName):
            pagingNames = [limitName, offsetName]
            limit = try Self.number(request, limitName)
            skip = try Self.number(request, offsetName)
        case .page(let page, let size, let firstPage):
            pagingNames = [page, size]
            limit = try Self.number(request, size)
            if let number = try Self.number(request, page) {
                guard number >= firstPage else { throw InvalidInput("\(page) starts at \(firstPage)") }
                skip = (number - firstPage) * (limit ?? QueryPaging.defaultLimit)
            }
        }
        var conditions = JSONObject()
        for (name, value) in request.http.query where !pagingNames.contains(name) && conditions[name] == nil {
            guard spec.filters?.contains(name) ?? LCNames.isValidFieldName(name) else { continue }
            conditions[name] = Self.equality(value)
        }
        var parameters = QueryParameters({ _ in nil }, where: conditions.isEmpty ? nil : .object(conditions))
        parameters.order = spec.order.flatMap { $0.isEmpty ? nil : $0 }
        // Counted, so a limit of 0 answers only the count (spec §3.1).
        parameters.count = true
        parameters.limit = limit ?? QueryPaging.defaultLimit
        parameters.skip = skip ?? 0
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
