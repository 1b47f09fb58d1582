import EmuSQLite
import LCWire

/// A query as the caller may run it, from parsed parameters to rendered objects: what the query
/// routes (QueryRoutes) and custom-route resources (ResourceStore) both do, with the caller's
/// access deciding what is seen.
package enum QueryRunner {
    /// `results` (and `count` when asked) of a compiled plan as values, for callers that put
    /// them into answers of their own (friendship lists, custom-route resources' templates).
    package static func body(_ app: AppRuntime, _ plan: QueryPlan, _ renderer: ObjectRenderer,
                     _ parameters: QueryParameters) throws -> JSONObject {
        try app.database.read { db in
            var body = JSONObject()
            let records = parameters.limit == 0 ? [] : try QueryExecutor.records(plan, in: db)
            body["results"] = .array(try records.map { .object(try renderer.render($0, in: db)) })
            if parameters.count { body["count"] = .number(Double(try QueryExecutor.count(plan, in: db))) }
            return body
        }
    }

    /// The caller's query scope decides (`QueryScope`): spec §6.3 class permission `find`, on
    /// this class and every inner query's; §6.2 unreadable objects are left out in SQL, so
    /// limit, skip and count see only what the caller may read.
    package static func makePlan(_ className: String, _ parameters: QueryParameters, _ access: AccessContext,
                         in db: Database) throws -> QueryPlan {
        try QueryPlan.make(
            className: className, where: parameters.whereJSON, order: parameters.order,
            limit: parameters.limit, skip: parameters.skip, scope: try access.queryScope(in: db),
            schemaOf: { try QuerySchema.load($0, in: db) })
    }

    /// The renderer of the results; `returnACL` counts only when the app's option allows it.
    package static func renderer(_ render: RenderOptions, _ access: AccessContext, _ app: AppRuntime) -> ObjectRenderer {
        var render = render
        render.returnACL = render.returnACL && app.configuration.options.returnACL
        return ObjectRenderer(options: render, access: access)
    }
}
