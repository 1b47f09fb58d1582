import EmuSQLite
import LCWire

/// Runs compiled queries on an app's database.
enum QueryExecutor {
    /// The objects of the plan's page, in order.
    static func records(_ plan: QueryPlan, in db: Database) throws -> [ObjectRecord] {
        let select = plan.select
        var records: [ObjectRecord] = []
        try refusingTooComplex {
            try db.query(select.sql, select.arguments) { row in
                records.append(try ObjectStore.record(fromQueryRow: row, className: plan.className))
            }
        }
        return records
    }

    /// How many objects match, ignoring paging.
    static func count(_ plan: QueryPlan, in db: Database) throws -> Int {
        let count = plan.count
        return Int(try refusingTooComplex { try db.scalar(count.sql, count.arguments)?.int64Value } ?? 0)
    }

    /// SQLite's limits on a statement (parser stack, expression depth 1000, 32,766 variables).
    static let complexityMessages = [
        "parser stack overflow", "Expression tree is too large", "too many SQL variables", "at most 64 tables in a join",
    ]

    /// A `where` nested or long beyond SQLite's limits is an invalid query (400 code 1), not a 500.
    private static func refusingTooComplex<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where complexityMessages.contains(where: error.message.contains) {
            throw QueryError.invalid("the query is nested or long beyond what can be run")
        }
    }
}

extension ObjectStore {
    /// A record from a row of `QueryPlan.columns` (id, created_at, updated_at, acl, data).
    static func record(fromQueryRow row: Statement, className: String) throws -> ObjectRecord {
        let acl = try row.text(at: 3).map { try JSONParser.parse($0).objectValue }
        let fields = try JSONParser.parse(row.text(at: 4) ?? "{}").objectValue ?? JSONObject()
        return ObjectRecord(
            className: className, objectId: row.text(at: 0) ?? "",
            createdAt: LCDate(millisecondsSince1970: row.int64(at: 1)),
            updatedAt: LCDate(millisecondsSince1970: row.int64(at: 2)),
            acl: acl ?? nil, fields: fields)
    }
}
