import EmuSQLite
import LCWire

/// A query as the caller may run it, from parsed parameters to rendered objects, with the
/// caller's access deciding what is seen.
///
/// A query result reaches its consumer in one of two forms, one per kind of consumer:
/// - an answer's bytes (`answer`, `reading` + `appendResults`): every `/1.1` answer that holds
///   query results, whether one query (`{"results":[…]}`) or several put together (the friendship
///   lists' `{"followers":[…],"followees":[…]}`), rows written straight from the statement by
///   `ObjectRenderer.appendRow`, no JSON tree built;
/// - values (`body`): for a consumer that reads the results rather than answering them, a
///   custom-route resource's template (`ResourceStore`), which picks fields out of the objects.
/// Both render each object as `ObjectRenderer.render` does (`appendRow` writes those bytes).
package enum QueryRunner {
    /// The answer of a query: `{"results":[…]}`, then `"count"` when asked, then `"className"`
    /// with `namingClass` (relation and CQL queries name the class they ran on), written row by
    /// row (`ObjectRenderer.appendRow`).
    package static func answer(_ className: String, _ parameters: QueryParameters, _ render: RenderOptions,
                               _ access: AccessContext, _ app: AppRuntime, namingClass: Bool = false) throws -> [UInt8] {
        let renderer = Self.renderer(render, access, app)
        return try reading(className, parameters, access, app) { plan, db in
            var out = JSONSerializer(reservingCapacity: 64 + 512 * min(parameters.limit, 100))
            out.appendASCII(#"{"results":"#)
            if let count = try appendResults(plan, parameters, renderer, to: &out, in: db) {
                out.appendASCII(#","count":"#)
                out.appendNumber(Double(count))
            }
            if namingClass {
                out.appendASCII(#","className":"#)
                out.appendString(plan.className)
            }
            out.appendByte(UInt8(ascii: "}"))
            return out.bytes
        }
    }

    /// Plans the query and runs `page` on the plan, exactly once. The plan and its page are read
    /// together while the plan's indexes exist (nearly always): one hold of the in-memory writer,
    /// or one read transaction on files; otherwise the indexes are made (`IndexAdvisor`) and the
    /// page is read in a second transaction.
    package static func reading<T>(_ className: String, _ parameters: QueryParameters, _ access: AccessContext,
                                   _ app: AppRuntime, _ page: (QueryPlan, Database) throws -> T) throws -> T {
        let (plan, result) = try app.database.read { db -> (QueryPlan, T?) in
            let plan = try makePlan(className, parameters, access, in: db)
            guard !app.indexAdvisor.wouldCreateIndexes(for: plan.indexKeys) else { return (plan, nil) }
            return (plan, try page(plan, db))
        }
        if let result { return result }
        try app.indexAdvisor.ensureIndexes(for: plan.indexKeys, in: app.database)
        return try app.database.read { db in try page(plan, db) }
    }

    /// Writes the plan's page as a JSON array, each row as `ObjectRenderer.appendRow` writes it,
    /// and returns how many objects match when `parameters.count` asks (nil otherwise), for the
    /// caller to place in its answer. Call inside the read that planned the query (`reading`).
    package static func appendResults(_ plan: QueryPlan, _ parameters: QueryParameters, _ renderer: ObjectRenderer,
                                      to out: inout JSONSerializer, in db: Database) throws -> Int? {
        out.appendByte(UInt8(ascii: "["))
        if parameters.limit != 0 {
            let splicing = renderer.splices(plan.className)
            var first = true
            try QueryExecutor.forEachRow(plan, in: db) { row in
                if !first { out.appendByte(UInt8(ascii: ",")) }
                first = false
                try renderer.appendRow(row, className: plan.className, splicing: splicing, to: &out, in: db)
            }
        }
        out.appendByte(UInt8(ascii: "]"))
        return parameters.count ? try QueryExecutor.count(plan, in: db) : nil
    }

    /// `results` (and `count` when asked) of a compiled plan as values, for a consumer that reads
    /// them instead of answering them: a custom-route resource's template. Answers use `answer`
    /// or `appendResults`, which write the same objects without building them.
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

// MARK: - QueryExecutor

/// Runs compiled queries on an app's database.
package enum QueryExecutor {
    /// The objects of the plan's page, in order.
    package static func records(_ plan: QueryPlan, in db: Database) throws -> [ObjectRecord] {
        let select = plan.select
        var records: [ObjectRecord] = []
        try withinLimits(select.sql) {
            try db.query(select.sql, select.arguments) { row in
                records.append(try ObjectStore.record(fromQueryRow: row, className: plan.className))
            }
        }
        return records
    }

    /// Calls `row` with the statement on each object of the plan's page, in order; for
    /// callers that write rows out without decoding them (`QueryRunner.appendResults`).
    package static func forEachRow(_ plan: QueryPlan, in db: Database, _ row: (Statement) throws -> Void) throws {
        let select = plan.select
        try withinLimits(select.sql) { try db.query(select.sql, select.arguments, row: row) }
    }

    /// How many objects match, ignoring paging.
    package static func count(_ plan: QueryPlan, in db: Database) throws -> Int {
        let count = plan.count
        return Int(try withinLimits(count.sql) { try db.scalar(count.sql, count.arguments) }?.int64Value ?? 0)
    }

    /// The total of a top-level number field over every match (`QueryPlan.total(of:)`).
    package static func total(of field: String, _ plan: QueryPlan, in db: Database) throws -> Double {
        let total = try plan.total(of: field)
        return try withinLimits(total.sql) { try db.scalar(total.sql, total.arguments) }?.doubleValue ?? 0
    }

    /// Runs a query statement; one that SQLite finds too big (thousands of `$or` branches or
    /// `$in` values, very deep nesting, thousands of `order` keys), or a `$regex` that backtracks
    /// past its budget (one match's, or the whole statement's: `RegexBudget`), is the client's bad
    /// input: 400 code 1 rather than a 500 or a pinned worker (docs/http.md, "Bad input").
    static func withinLimits<T>(_ sql: String, _ run: () throws -> T) throws -> T {
        do {
            // Only a statement that calls `$regex`'s function pays for the budget's thread-local state.
            guard callsRegex(sql) else { return try run() }
            return try RegexBudget.forStatement(run)
        } catch let error as SQLiteError where error.isLimitExceeded {
            throw QueryError.tooDeep
        } catch let error as SQLiteError where error.underlying is RegexBudget.Exceeded {
            throw QueryError.invalid("a $regex match ran too long; simplify the pattern")
        }
    }

    /// Whether `sql` can run a `$regex` match: a byte search, cheaper than the thread-local state
    /// (`ByteSearch`: `firstRange(of:)` here was a fifth of a query page's CPU).
    static func callsRegex(_ sql: String) -> Bool {
        ByteSearch.contains(sql, regexpName, anchor: regexpAnchor)
    }

    private static let regexpName = Array(QueryFunctions.regexp.utf8)
    /// The `g` of `lcemu_regexp`, a byte the SQL around it rarely holds.
    private static let regexpAnchor = regexpName.firstIndex(of: UInt8(ascii: "g")) ?? 0
}

// MARK: - QueryParameters

/// The query-string parameters of `GET /1.1/classes/<Class>` (§3.1) that select and page;
/// `keys`, `include` and `returnACL` are `RenderOptions`, shared with fetch.
package struct QueryParameters {
    package var whereJSON: JSON?
    package var order: String?
    package var limit: Int
    package var skip: Int
    package var count: Bool

    /// Reads the parameters through `value(name)`; `where` is parsed already
    /// (`RequestContext<AppRuntime>.whereParameter()`: not JSON → 107).
    package init(_ value: (String) -> String?, where whereJSON: JSON? = nil) {
        self.whereJSON = whereJSON
        order = value("order").flatMap { $0.isEmpty ? nil : $0 }
        count = ["1", "true"].contains(value("count") ?? "")
        // §3.1: limit=0 with count=1 returns only the count.
        if count, value("limit") == "0" {
            limit = 0
        } else {
            limit = QueryPaging.limit(value("limit"))
        }
        skip = QueryPaging.skip(value("skip"))
    }
}

/// `limit` and `skip` as LeanCloud reads them (§3.1): limit defaults to 100 and any value outside
/// 1...1000 becomes 100; skip defaults to 0 and negatives become 0.
package enum QueryPaging {
    package static let defaultLimit = 100
    static let maxLimit = 1000

    package static func limit(_ raw: String?) -> Int {
        guard let raw, let value = Int(raw), (1...maxLimit).contains(value) else { return defaultLimit }
        return value
    }

    static func skip(_ raw: String?) -> Int {
        guard let raw, let value = Int(raw), value > 0 else { return 0 }
        return value
    }
}
