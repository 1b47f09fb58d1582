import EmuSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

    /// The total of the number values of a top-level `field` over every match, ignoring limit
    /// and skip: a missing, non-number or server-managed value adds 0. One statement, so its cost
    /// is one pass over the matches whatever the class's size.
    func total(of field: String) throws -> SQLFragment {
        let access = try FieldAccess.field(field)
        let test = classTest
        return SQLFragment(
            "SELECT total(CASE WHEN \(access.type) IN ('integer', 'real') THEN \(access.value) END) FROM objects WHERE \(test.sql) AND (\(condition.sql))",
            test.arguments + condition.arguments)
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

// MARK: - QueryError

/// Rejections of malformed queries. LeanCloud's table has no code for an invalid query; code 1 is
/// its catch-all for bad parameters (§9), so we answer 400 code 1 with a message that says what is
/// wrong, as conditional writes do (docs/compatibility.md). Bad JSON is 107, bad GeoPoints 302.
package enum QueryError {
    package static func invalid(_ detail: String) -> APIError {
        APIError(.invalidQuery(detail))
    }

    /// Nesting past `QueryLimits.maxClauseDepth` (`$or`/`$and`, CQL parentheses), or past
    /// SQLite's own limits: one answer wherever it is caught.
    static var tooDeep: APIError { invalid("the query is too large or too deeply nested") }

    package static let malformedWhere = APIError(LCErrorCode.malformedJSON.with(message: "Malformed json object. The where parameter is not valid JSON."))

    static func invalidGeoPoint() -> APIError { APIError(.invalidGeoPoint) }
}

// MARK: - OrderCompiler

/// `order=f1,-f2` (§3.1) as an `ORDER BY`. Each key sorts by the same expression an index on it
/// holds, so an index serves ordered, limited queries without sorting the class. Dates sort by
/// their ISO text (which orders as the instant); everything else by its value, across types in
/// SQLite's order: missing and null, then numbers, then text (docs/queries.md). Ties fall back to
/// insertion order, so paging is stable.
enum OrderCompiler {
    /// The `ORDER BY` and the index keys that serve it (one per field key; none for the server
    /// columns, which have their own indexes).
    struct Compiled {
        var orderBy: SQLFragment
        var indexKeys: [String]
    }

    static func compile(_ order: String?, of className: String, scope: QueryScope, schema: QuerySchema,
                        near: SQLFragment?) throws -> Compiled {
        var terms: [String] = []
        var arguments: [SQLiteValue] = []
        var indexKeys: [String] = []
        var lastDescending = false
        for raw in (order ?? "").split(separator: ",") {
            var key = raw.trimmingWhitespace()
            let descending = key.hasPrefix("-")
            if descending { key.removeFirst() }
            guard !key.isEmpty else { continue }
            let access = try FieldAccess.field(key, in: className, scope: scope)
            let isDate = access.column == nil && schema.kind(of: key) == .date
            terms.append("\(isDate ? access.member("iso") : access.value) \(descending ? "DESC" : "ASC")")
            if access.column == nil { indexKeys.append(access.indexKey(as: isDate ? .date : .value)) }
            lastDescending = descending
        }
        // §3.2: $nearSphere sorts nearest first unless an explicit order is given.
        if terms.isEmpty, let near {
            terms.append("\(near.sql) ASC")
            arguments = near.arguments
        }
        terms.append("rowid \(lastDescending ? "DESC" : "ASC")")
        return Compiled(orderBy: SQLFragment(" ORDER BY " + terms.joined(separator: ", "), arguments), indexKeys: indexKeys)
    }
}
