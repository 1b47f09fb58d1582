import EmuSQLite

/// `order=f1,-f2` (§3.1) as an `ORDER BY`. Each key sorts by the same expression an index on it
/// holds, so an index serves ordered, limited queries without sorting the class. Ties fall back to
/// insertion order, so paging is stable.
enum OrderCompiler {
    static func compile(_ order: String?, of className: String, seesSecrets: Bool, schema: QuerySchema,
                        near: SQLFragment?) throws -> SQLFragment {
        var terms: [String] = []
        var arguments: [SQLiteValue] = []
        var lastDescending = false
        for raw in (order ?? "").split(separator: ",") {
            var key = raw.trimmingCharacters(in: .whitespaces)
            let descending = key.hasPrefix("-")
            if descending { key.removeFirst() }
            guard !key.isEmpty else { continue }
            terms.append("\(try sortExpression(key, of: className, seesSecrets: seesSecrets, schema)) \(descending ? "DESC" : "ASC")")
            lastDescending = descending
        }
        // §3.2: $nearSphere sorts nearest first unless an explicit order is given.
        if terms.isEmpty, let near {
            terms.append("\(near.sql) ASC")
            arguments = near.arguments
        }
        terms.append("rowid \(lastDescending ? "DESC" : "ASC")")
        return SQLFragment(" ORDER BY " + terms.joined(separator: ", "), arguments)
    }

    /// Dates sort by their ISO text (which orders as the instant); everything else by its value,
    /// across types in SQLite's order: missing and null, then numbers, then text (docs/queries.md).
    static func sortExpression(_ key: String, of className: String, seesSecrets: Bool, _ schema: QuerySchema) throws -> String {
        let access = try FieldAccess.field(key, in: className, seesSecrets: seesSecrets)
        if access.column == nil, schema.kind(of: key) == .date { return access.member("iso") }
        return access.value
    }

    /// The index key that serves sorting by `key` (the same one a condition on it uses); nil for
    /// the server columns, which have their own indexes.
    static func indexKey(_ key: String, of className: String, seesSecrets: Bool, _ schema: QuerySchema) throws -> String? {
        let access = try FieldAccess.field(key, in: className, seesSecrets: seesSecrets)
        guard access.column == nil else { return nil }
        return access.indexKey(as: schema.kind(of: key) == .date ? .date : .value)
    }
}

import Foundation
