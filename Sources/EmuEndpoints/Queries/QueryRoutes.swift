import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire

/// `GET /1.1/classes/<Class>`: queries (§3), filtered, ordered and paged inside SQLite. Every
/// query route is `.slow`: a `where`, an `order` on an unindexed field or a `count` costs what
/// the client makes it cost, so it runs on the worker pool, never on a connection's thread.
package enum QueryRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/1.1/classes/:className", APIRoute(appAccess: .app, work: .slow) { request in
            let className = request.parameter("className")
            guard LCNames.isValidClassName(className) else { throw APIError(.invalidClassName) }
            let parameters = try QueryParameters(request)
            let render = try RenderOptions(parameter: { request.query($0) })
            // §3.1: relation queries of SDKs that do not know the target class name the relation
            // key; the query runs on the relation's target class, named in the answer.
            if let key = request.query("redirectClassNameForKey"), !key.isEmpty {
                let target = try relationTarget(of: key, in: className, request)
                return APIResponse(serializedJSON: try answer(target, parameters, render, request, namingClass: true))
            }
            return APIResponse(serializedJSON: try answer(className, parameters, render, request))
        })
        // spec §6.4: role queries on the `/1.1/roles` alias.
        router.add("GET", "/1.1/roles", APIRoute(appAccess: .app, work: .slow) { request in
            let parameters = try QueryParameters(request)
            let render = try RenderOptions(parameter: { request.query($0) })
            return APIResponse(serializedJSON: try answer(LCClassName.role, parameters, render, request))
        })
        router.add("GET", "/1.1/cloudQuery", APIRoute(appAccess: .app, work: .slow) { try cloudQuery($0) })
    }

    /// The class a relation field points to; unknown fields keep the queried class.
    private static func relationTarget(of key: String, in className: String, _ request: RequestContext<AppRuntime>) throws -> String {
        let type = try request.app.database.read { db in try ClassSchema.load(className, in: db).type(of: key) }
        if case .relation(let target)? = type, !target.isEmpty { return target }
        return className
    }

    /// The answer of a query (`QueryRunner.answer`: the byte path every query answer takes).
    static func answer(_ className: String, _ parameters: QueryParameters, _ render: RenderOptions,
                       _ request: RequestContext<AppRuntime>, namingClass: Bool = false) throws -> [UInt8] {
        try QueryRunner.answer(className, parameters, render, request.access, request.app, namingClass: namingClass)
    }
}

// MARK: - CQL

/// `GET /1.1/cloudQuery?cql=…&pvalues=…` (§3.8): the `select` subset of CQL, run as an ordinary
/// query. Anything else (insert, update, delete, unsupported syntax) answers 300.
extension QueryRoutes {
    static func cloudQuery(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
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
        return APIResponse(serializedJSON: try answer(query.className, parameters, render, request, namingClass: true))
    }
}

// MARK: - A query's parameters as a request carries them

/// A query's parameters as a `/1.1` request carries them: the query string, `where` as JSON.
extension QueryParameters {
    /// The parameters of `request`, its `where` parsed strictly (`RequestContext<AppRuntime>.whereParameter()`).
    init(_ request: RequestContext<AppRuntime>) throws {
        self.init({ request.query($0) }, where: try request.whereParameter())
    }
}

extension RequestContext<AppRuntime> {
    /// The `where` parameter parsed strictly (`JSONInput`); nil when absent or empty.
    func whereParameter(syntaxError: APIError = QueryError.malformedWhere) throws -> JSON? {
        guard let text = query("where"), !text.isEmpty else { return nil }
        return try jsonQuery("where", syntaxError: syntaxError)
    }
}
