import EmuHTTP
import EmuSQLite
import LCWire

/// `GET /1.1/classes/<Class>`: queries (§3), filtered, ordered and paged inside SQLite. Every
/// query route is `.slow`: a `where`, an `order` on an unindexed field or a `count` costs what
/// the client makes it cost, so it runs on the worker pool, never on a connection's thread.
enum QueryRoutes {
    static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/1.1/classes/:className", APIRoute(appAccess: .app, work: .slow) { request in
            let className = request.parameter("className")
            guard LCNames.isValidClassName(className) else { throw APIError(.invalidClassName) }
            let parameters = try QueryParameters(request)
            let render = try RenderOptions(parameter: { request.query($0) })
            // §3.1: relation queries of SDKs that do not know the target class name the relation
            // key; the query runs on the relation's target class, named in the answer.
            if let key = request.query("redirectClassNameForKey"), !key.isEmpty {
                let target = try relationTarget(of: key, in: className, request)
                var body = try run(target, parameters, render, request)
                body["className"] = .string(target)
                return APIResponse(json: .object(body))
            }
            return APIResponse(serializedJSON: try runSerialized(className, parameters, render, request))
        })
        // spec §6.4: role queries on the `/1.1/roles` alias.
        router.add("GET", "/1.1/roles", APIRoute(appAccess: .app, work: .slow) { request in
            let parameters = try QueryParameters(request)
            return APIResponse(json: .object(try run(LCClassName.role, parameters, RenderOptions(parameter: { request.query($0) }), request)))
        })
        router.add("GET", "/1.1/cloudQuery", APIRoute(appAccess: .app, work: .slow) { request in
            try CloudQueryHandler.handle(request)
        })
        router.add("GET", "/1.1/scan/classes/:className", APIRoute(appAccess: .master, work: .slow) { request in
            try ScanHandler.handle(request)
        })
    }

    /// The class a relation field points to; unknown fields keep the queried class.
    private static func relationTarget(of key: String, in className: String, _ request: RequestContext<AppRuntime>) throws -> String {
        let type = try request.app.database.read { db in try ClassSchema.load(className, in: db).type(of: key) }
        if case .relation(let target)? = type, !target.isEmpty { return target }
        return className
    }

    /// `{"results":[…]}` plus `"count"` when asked; shared by CQL.
    static func run(_ className: String, _ parameters: QueryParameters, _ render: RenderOptions,
                    _ request: RequestContext<AppRuntime>) throws -> JSONObject {
        let (app, plan, renderer) = try prepare(className, parameters, render, request)
        return try body(app, plan, renderer, parameters)
    }

    static func body(_ app: AppRuntime, _ plan: QueryPlan, _ renderer: ObjectRenderer,
                     _ parameters: QueryParameters) throws -> JSONObject {
        try app.database.read { db in
            var body = JSONObject()
            let records = parameters.limit == 0 ? [] : try QueryExecutor.records(plan, in: db)
            body["results"] = .array(try records.map { .object(try renderer.render($0, in: db)) })
            if parameters.count { body["count"] = .number(Double(try QueryExecutor.count(plan, in: db))) }
            return body
        }
    }

    /// The compiled plan (class permission `find` checked, indexes ensured) and the renderer.
    static func prepare(_ className: String, _ parameters: QueryParameters, _ render: RenderOptions,
                        _ request: RequestContext<AppRuntime>) throws -> (AppRuntime, QueryPlan, ObjectRenderer) {
        let app = request.app
        let access = request.access
        let plan = try app.database.read { db in try makePlan(className, parameters, access, in: db) }
        try app.indexAdvisor.ensureIndexes(for: plan.indexKeys, in: app.database)
        return (app, plan, renderer(render, access, app))
    }

    /// The caller's query scope decides (`QueryScope`): spec §6.3 class permission `find`, on
    /// this class and every inner query's; §6.2 unreadable objects are left out in SQL, so
    /// limit, skip and count see only what the caller may read.
    static func makePlan(_ className: String, _ parameters: QueryParameters, _ access: AccessContext,
                         in db: Database) throws -> QueryPlan {
        try QueryPlan.make(
            className: className, where: parameters.whereJSON, order: parameters.order,
            limit: parameters.limit, skip: parameters.skip, scope: try access.queryScope(in: db),
            schemaOf: { try QuerySchema.load($0, in: db) })
    }

    /// The renderer of the results; `returnACL` counts only when the app's option allows it.
    static func renderer(_ render: RenderOptions, _ access: AccessContext, _ app: AppRuntime) -> ObjectRenderer {
        var render = render
        render.returnACL = render.returnACL && app.configuration.options.returnACL
        return ObjectRenderer(options: render, access: access)
    }
}
