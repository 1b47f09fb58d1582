import EmuSQLite
import LCWire

/// `$inQuery`/`$notInQuery` and `$select`/`$dontSelect`: conditions that run a query on another
/// class (§3.2), with that query's own where, order, skip and limit (default 100, max 1000, §3.3).
enum InnerQueries {
    /// The pointer at `access` points to an object the inner query returns.
    static func inQuery(_ compiler: WhereCompiler, _ access: FieldAccess, _ kind: QuerySchema.FieldKind,
                        _ query: InnerQuery) throws -> SQLFragment {
        let ids = try select(column: "id", query, compiler)
        return compiler.valueOrElements(access, kind) { a in
            SQLFragment("\(a.member("className")) = ? AND \(a.member("objectId")) IN (\(ids.sql))",
                        [.text(query.className)] + ids.arguments)
        }
    }

    /// The value at `access` equals the `key` field of some result of the inner query.
    static func select(_ compiler: WhereCompiler, _ access: FieldAccess, _ kind: QuerySchema.FieldKind,
                       _ query: InnerQuery, key: String) throws -> SQLFragment {
        let column = try FieldAccess.field(key, in: query.className, scope: compiler.scope).value
        let values = try select(column: column, query, compiler)
        return compiler.valueOrElements(access, kind) { a in
            SQLFragment("\(a.value) IN (\(values.sql))", values.arguments)
        }
    }

    /// `SELECT <column> FROM objects WHERE class = 'C' AND <where> ORDER … LIMIT … OFFSET …`, the
    /// class written as the page's is (`QueryPlan.classTest`).
    private static func select(column: String, _ query: InnerQuery, _ compiler: WhereCompiler) throws -> SQLFragment {
        let inner = try compiler.inner(className: query.className)
        var condition = try query.condition.map { try inner.compile($0) } ?? .alwaysTrue
        if let readFilter = inner.readFilter { condition = .all([condition, readFilter]) }
        let order = try OrderCompiler.compile(query.order, of: query.className, scope: inner.scope,
                                              schema: inner.schema, near: inner.nearOrder).orderBy
        let classTest = QueryPlan.classTest(query.className)
        return SQLFragment(
            "SELECT \(column) FROM objects WHERE \(classTest.sql) AND (\(condition.sql))\(order.sql) LIMIT ? OFFSET ?",
            classTest.arguments + condition.arguments + order.arguments
                + [.integer(Int64(query.limit)), .integer(Int64(query.skip))])
    }
}
