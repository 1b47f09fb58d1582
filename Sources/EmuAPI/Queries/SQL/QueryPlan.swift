import EmuSQLite
import LCWire

/// A compiled query on one class: the SQL that returns its page of objects and its count.
struct QueryPlan: Sendable {
    let className: String
    let condition: SQLFragment
    let order: SQLFragment
    let limit: Int
    let skip: Int
    /// Index keys worth an index for this query (equality, range and order fields).
    let indexKeys: [String]

    static let columns = "id, created_at, updated_at, acl, data"

    /// The page of objects.
    var select: SQLFragment {
        SQLFragment(
            "SELECT \(Self.columns) FROM objects WHERE class = ? AND (\(condition.sql))\(order.sql) LIMIT ? OFFSET ?",
            [.text(className)] + condition.arguments + order.arguments + [.integer(Int64(limit)), .integer(Int64(skip))])
    }

    /// The number of matching objects, ignoring limit and skip (§3.1 `count=1`).
    var count: SQLFragment {
        SQLFragment("SELECT count(*) FROM objects WHERE class = ? AND (\(condition.sql))", [.text(className)] + condition.arguments)
    }
}

extension QueryPlan {
    /// Compiles `where`, `order`, `limit` and `skip` for `className`. `readFilter` (the caller's
    /// ACL condition, `AccessContext.readFilter`) restricts the results and every inner query.
    static func make(className: String, where: JSON?, order: String?, limit: Int, skip: Int,
                     readFilter: SQLFragment? = nil,
                     schemaOf: @escaping (String) throws -> QuerySchema) throws -> QueryPlan {
        let schema = try schemaOf(className)
        let compiler = WhereCompiler(className: className, schema: schema, readFilter: readFilter, schemaOf: schemaOf)
        var condition = try `where`.map { try compiler.compile($0) } ?? .alwaysTrue
        if let readFilter { condition = .all([condition, readFilter]) }
        let ordering = try OrderCompiler.compile(order, of: className, seesSecrets: compiler.seesSecrets, schema: schema, near: compiler.nearOrder)
        return QueryPlan(className: className, condition: condition, order: ordering.orderBy, limit: limit, skip: skip,
                         indexKeys: compiler.indexKeys + ordering.indexKeys)
    }
}
