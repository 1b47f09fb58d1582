import EmuSQLite
import LCWire

/// `$inQuery`/`$notInQuery` and `$select`/`$dontSelect`: conditions that run a query on another
/// class (§3.2), with that query's own where, order, skip and limit (default 100, max 1000, §3.3).
enum InnerQueries {
    /// The pointer at `access` points to an object the inner query returns.
    static func inQuery(_ compiler: WhereCompiler, _ access: FieldAccess, _ kind: QuerySchema.FieldKind,
                        _ value: JSON, _ op: String) throws -> SQLFragment {
        guard let query = value.objectValue, let innerClass = query["className"]?.stringValue else {
            throw QueryError.invalid("\(op) needs {\"className\":…,\"where\":…}")
        }
        let ids = try select(column: "id", from: innerClass, query, compiler)
        return compiler.anyElement(kind == .array ? access : .scalar(access)) { a in
            SQLFragment("\(a.member("className")) = ? AND \(a.member("objectId")) IN (\(ids.sql))",
                        [.text(innerClass)] + ids.arguments)
        }
    }

    /// The value at `access` equals the `key` field of some result of the inner query.
    static func select(_ compiler: WhereCompiler, _ access: FieldAccess, _ kind: QuerySchema.FieldKind,
                       _ value: JSON, _ op: String) throws -> SQLFragment {
        guard let spec = value.objectValue, let query = spec["query"]?.objectValue,
              let innerClass = query["className"]?.stringValue, let key = spec["key"]?.stringValue else {
            throw QueryError.invalid("\(op) needs {\"query\":{\"className\":…,\"where\":…},\"key\":…}")
        }
        let values = try select(column: try FieldAccess.field(key, in: innerClass, seesSecrets: compiler.seesSecrets).value, from: innerClass, query, compiler)
        return compiler.anyElement(kind == .array ? access : .scalar(access)) { a in
            SQLFragment("\(a.value) IN (\(values.sql))", values.arguments)
        }
    }

    /// `SELECT <column> FROM objects WHERE class = ? AND <where> ORDER … LIMIT … OFFSET …`.
    private static func select(column: String, from innerClass: String, _ query: JSONObject,
                               _ compiler: WhereCompiler) throws -> SQLFragment {
        let inner = try compiler.inner(className: innerClass)
        var condition = try inner.compile(query["where"] ?? .object(JSONObject()))
        if let readFilter = inner.readFilter { condition = .all([condition, readFilter]) }
        let order = try OrderCompiler.compile(query["order"]?.stringValue, of: innerClass, seesSecrets: inner.seesSecrets,
                                              schema: inner.schema, near: inner.nearOrder).orderBy
        let limit = QueryPaging.limit(query["limit"].flatMap { $0.intValue.map(String.init) ?? $0.stringValue })
        let skip = QueryPaging.skip(query["skip"].flatMap { $0.intValue.map(String.init) ?? $0.stringValue })
        return SQLFragment(
            "SELECT \(column) FROM objects WHERE class = ? AND (\(condition.sql))\(order.sql) LIMIT ? OFFSET ?",
            [.text(innerClass)] + condition.arguments + order.arguments + [.integer(Int64(limit)), .integer(Int64(skip))])
    }
}
