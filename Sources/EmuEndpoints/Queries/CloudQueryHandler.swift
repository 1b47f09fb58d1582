import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `GET /1.1/cloudQuery?cql=…&pvalues=…` (§3.8): the `select` subset of CQL, run as an ordinary
/// query. Anything else (insert, update, delete, unsupported syntax) answers 300.
enum CloudQueryHandler {
    static func handle(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        guard let cql = request.query("cql"), !cql.isEmpty else { throw CQLError.syntax("missing cql") }
        var values: [JSON] = []
        if let text = request.query("pvalues"), !text.isEmpty {
            // Strict JSON (JSONInput): invalid UTF-8, lone surrogates, 1e400 → 107 with the byte.
            let notArray = CQLError.syntax("pvalues must be a JSON array")
            values = try CQLParameterValues.values(from: request.jsonQuery("pvalues", syntaxError: notArray))
        }
        let query = try CQLQuery.parse(cql, values: values)
        var parameters = QueryParameters { _ in nil }
        parameters.whereJSON = query.whereJSON
        parameters.order = query.order
        parameters.skip = query.skip ?? 0
        parameters.count = query.count
        // `select count(*)` alone returns only the count.
        parameters.limit = !query.selectAll && query.keys.isEmpty ? 0 : QueryPaging.limit(query.limit.map(String.init))
        let render = RenderOptions(keys: query.keys.isEmpty ? nil : KeyProjection(query.keys.joined(separator: ",")))
        return APIResponse(serializedJSON: try QueryRoutes.answer(query.className, parameters, render, request,
                                                                    namingClass: true))
    }
}
