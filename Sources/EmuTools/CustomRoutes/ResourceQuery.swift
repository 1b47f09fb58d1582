import EmuData
import LCWire

/// How a resource's list is paged: `limit`/`offset` parameters, or `page`/`size` (pages from
/// `firstPage`), with a page size of `defaultSize` when none is given and at most `maxSize`.
struct ResourcePaging: Sendable {
    enum Style: Sendable {
        case offset(limit: String, offset: String)
        case page(page: String, size: String, firstPage: Int)
    }

    static let keys = ["limit", "offset", "page", "size", "firstPage", "default", "max"]

    let style: Style
    let defaultSize: Int
    let maxSize: Int

    init(json: JSON?) throws {
        guard let json else {
            self.init(style: .offset(limit: "limit", offset: "offset"), defaultSize: QueryPaging.defaultLimit, maxSize: 1000)
            return
        }
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected {\"limit\",\"offset\"} or {\"page\",\"size\"}") }
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        let maxSize = try RouteJSON.int(object, "max", in: 1...1000) ?? 1000
        let defaultSize = try RouteJSON.int(object, "default", in: 0...maxSize) ?? min(QueryPaging.defaultLimit, maxSize)
        if object["page"] != nil || object["size"] != nil {
            guard let page = try RouteJSON.string(object, "page"), let size = try RouteJSON.string(object, "size"),
                  object["limit"] == nil, object["offset"] == nil else {
                throw RouteDefinitionError(field: "", "page paging needs both \"page\" and \"size\", and no limit/offset")
            }
            let firstPage = try RouteJSON.int(object, "firstPage", in: 0...1) ?? 1
            self.init(style: .page(page: page, size: size, firstPage: firstPage), defaultSize: defaultSize, maxSize: maxSize)
        } else {
            guard object["firstPage"] == nil else { throw RouteDefinitionError(field: "firstPage", "only page paging has pages") }
            let style = Style.offset(limit: try RouteJSON.string(object, "limit") ?? "limit", offset: try RouteJSON.string(object, "offset") ?? "offset")
            self.init(style: style, defaultSize: defaultSize, maxSize: maxSize)
        }
    }

    private init(style: Style, defaultSize: Int, maxSize: Int) {
        self.style = style
        self.defaultSize = defaultSize
        self.maxSize = maxSize
    }

    var parameterNames: [String] {
        switch style {
        case .offset(let limit, let offset): return [limit, offset]
        case .page(let page, let size, _): return [page, size]
        }
    }
}

/// A resource list request as a LeanCloud query: the paging parameters as `limit`/`skip`, the
/// filters (`ResourceFilters`) ANDed with the resource's scope (its `where`, its parent) as
/// `where`, the declared `order`, and the count. Its page numbers are the list envelope's
/// `{{page}}`, `{{pageSize}}`, `{{limit}}`, `{{offset}}` and, with the count, `{{totalPage}}`:
/// numbers, read from the parsed parameters.
struct ResourceQuery {
    let parameters: QueryParameters
    let page: Int
    let pageSize: Int
    let offset: Int

    init(spec: ResourceSpec, request: IncomingRequest, scope: [JSON]) throws {
        let paging = spec.paging
        var limit: Int?
        var skip: Int?
        var page: Int?
        var firstPage = 1
        switch paging.style {
        case .offset(let limitName, let offsetName):
            limit = try Self.number(request, limitName, max: paging.maxSize)
            skip = try Self.number(request, offsetName, max: 1000)
        case .page(let pageName, let sizeName, let first):
            firstPage = first
            limit = try Self.number(request, sizeName, max: paging.maxSize)
            if let number = try Self.number(request, pageName, max: 1000) {
                guard number >= first else { throw InvalidInput("\(pageName) starts at \(first)") }
                page = number
                skip = (number - first) * (limit ?? paging.defaultSize)
            }
        }
        let conditions = try spec.filters.conditions(request, skipping: paging.parameterNames)
        let parts = scope + (conditions.isEmpty ? [] : [.object(conditions)])
        var parameters = QueryParameters({ _ in nil }, where: parts.count > 1 ? ["$and": .array(parts)] : parts.first)
        parameters.order = spec.order.flatMap { $0.isEmpty ? nil : $0 }
        // Counted, so a limit of 0 answers only the count (spec §3.1).
        parameters.count = true
        parameters.limit = limit ?? paging.defaultSize
        parameters.skip = skip ?? 0
        self.parameters = parameters
        pageSize = parameters.limit
        offset = parameters.skip
        self.page = page ?? (pageSize > 0 ? offset / pageSize : 0) + firstPage
    }

    /// The list envelope's numbers, `count` included; `totalPage` is ⌈count ÷ size⌉, 0 when nothing matches.
    func templateValues(count: JSON) -> [String: JSON] {
        let total = count.intValue ?? 0
        let totalPage = pageSize > 0 ? (total + pageSize - 1) / pageSize : 0
        return ["count": count, "page": JSON(page), "pageSize": JSON(pageSize), "limit": JSON(pageSize), "offset": JSON(offset),
                "totalPage": JSON(totalPage)]
    }

    private static func number(_ request: IncomingRequest, _ name: String, max: Int) throws -> Int? {
        guard let text = request.http.queryValue(name), !text.isEmpty else { return nil }
        guard let value = Int(text), value >= 0, value <= max else {
            throw InvalidInput("\(name) must be an integer in 0...\(max)")
        }
        return value
    }
}
