import EmuSQLite
import LCWire

/// The class query's answer written straight to bytes. The stored objects are copied into it
/// rather than parsed and rendered when the renderer allows (`ObjectRenderer+Splicing.swift`);
/// the bytes are those `run` would give serialized.
extension QueryRoutes {
    static func runSerialized(_ className: String, _ parameters: QueryParameters, _ render: RenderOptions,
                              _ request: RequestContext<AppRuntime>) throws -> [UInt8] {
        let app = request.app
        let access = request.access
        let renderer = renderer(render, access, app)
        guard renderer.splices(className) else {
            let plan = try app.database.read { db in try makePlan(className, parameters, access, in: db) }
            try app.indexAdvisor.ensureIndexes(for: plan.indexKeys, in: app.database)
            return JSON.object(try body(app, plan, renderer, parameters)).serialized()
        }
        // The plan and its page in one read while the plan's indexes exist (nearly always): one
        // hold of the in-memory writer, or one read transaction on files, instead of two.
        let (plan, page) = try app.database.read { db -> (QueryPlan, [UInt8]?) in
            let plan = try makePlan(className, parameters, access, in: db)
            guard !app.indexAdvisor.wouldCreateIndexes(for: plan.indexKeys) else { return (plan, nil) }
            return (plan, try writePage(plan, parameters, renderer, in: db))
        }
        if let page { return page }
        try app.indexAdvisor.ensureIndexes(for: plan.indexKeys, in: app.database)
        return try app.database.read { db in try writePage(plan, parameters, renderer, in: db) }
    }

    /// `{"results":[…]}` plus `"count"` when asked, as `body` builds it.
    private static func writePage(_ plan: QueryPlan, _ parameters: QueryParameters, _ renderer: ObjectRenderer,
                                  in db: Database) throws -> [UInt8] {
        var out = JSONSerializer(reservingCapacity: 64 + 512 * min(parameters.limit, 100))
        out.appendASCII(#"{"results":["#)
        if parameters.limit != 0 {
            var first = true
            try QueryExecutor.forEachRow(plan, in: db) { row in
                if !first { out.appendByte(UInt8(ascii: ",")) }
                first = false
                try renderer.appendRow(row, className: plan.className, splicing: true, to: &out, in: db)
            }
        }
        out.appendByte(UInt8(ascii: "]"))
        if parameters.count {
            out.appendASCII(#","count":"#)
            out.appendNumber(Double(try QueryExecutor.count(plan, in: db)))
        }
        out.appendByte(UInt8(ascii: "}"))
        return out.bytes
    }
}
