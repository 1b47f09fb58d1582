import EmuSQLite
import Foundation

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
            var key = raw.trimmingCharacters(in: .whitespaces)
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
