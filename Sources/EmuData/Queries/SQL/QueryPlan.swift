import EmuSQLite
import LCWire

/// A compiled query on one class: the SQL that returns its page of objects and its count.
package struct QueryPlan: Sendable {
    package let className: String
    let condition: SQLFragment
    let order: SQLFragment
    let limit: Int
    let skip: Int
    /// Index keys worth an index for this query (equality, range and order fields).
    package let indexKeys: [String]

    /// The page of objects, rows of `ObjectStore.columns`.
    var select: SQLFragment {
        let test = classTest
        return SQLFragment(
            "SELECT \(ObjectStore.columns) FROM objects WHERE \(test.sql) AND (\(condition.sql))\(order.sql) LIMIT ? OFFSET ?",
            test.arguments + condition.arguments + order.arguments + [.integer(Int64(limit)), .integer(Int64(skip))])
    }

    /// The number of matching objects, ignoring limit and skip (§3.1 `count=1`).
    var count: SQLFragment {
        let test = classTest
        return SQLFragment("SELECT count(*) FROM objects WHERE \(test.sql) AND (\(condition.sql))", test.arguments + condition.arguments)
    }

    /// `class = 'Post'`, the name written into the SQL rather than bound. A bound class name
    /// would make SQLite prepare the statement again on every run (about 40 µs for a query
    /// page): planning compares it with the `class = '_User'` of the partial user indexes, which
    /// makes the plan depend on the bound value. Names other than letters, digits and `_` stay
    /// bound.
    var classTest: SQLFragment { Self.classTest(className) }

    static func classTest(_ className: String) -> SQLFragment {
        guard FieldAccess.isPlainKey(className) else { return SQLFragment("class = ?", [.text(className)]) }
        return SQLFragment("class = '\(className)'")
    }
}

extension QueryPlan {
    /// Compiles `where`, `order`, `limit` and `skip` for `className`. `scope` (the caller's,
    /// `AccessContext.queryScope`) decides whether the class may be queried (`find`), and
    /// restricts the results, every inner query and the fields tested. No default: only a
    /// caller that holds the master key may pass `.unrestricted`.
    package static func make(className: String, where: JSON?, order: String?, limit: Int, skip: Int,
                     scope: QueryScope,
                     schemaOf: @escaping (String) throws -> QuerySchema) throws -> QueryPlan {
        try scope.requireFind(className)
        let readFilter = scope.readFilter
        let schema = try schemaOf(className)
        let compiler = WhereCompiler(className: className, schema: schema, scope: scope, schemaOf: schemaOf)
        var condition = try `where`.map { try compiler.compile($0) } ?? .alwaysTrue
        if let readFilter { condition = .all([condition, readFilter]) }
        let ordering = try OrderCompiler.compile(order, of: className, scope: scope, schema: schema, near: compiler.nearOrder)
        return QueryPlan(className: className, condition: condition, order: ordering.orderBy, limit: limit, skip: skip,
                         indexKeys: compiler.indexKeys + ordering.indexKeys)
    }
}
