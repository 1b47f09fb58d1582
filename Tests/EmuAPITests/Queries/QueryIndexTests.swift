@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuSQLite
@testable import EmuTools
import LCWire
import Testing

/// The query indexes end with `acl`, so a count under the caller's read filter is answered from
/// an index without reading a single row (docs/queries.md, "Speed and indexes"). Checked on
/// SQLite's own program for the statement: no instruction reads a column of the table.
@Suite struct QueryIndexTests {
    static let countedConditions: [String?] = [
        #"{"name":"apple"}"#,
        #"{"n":{"$gte":2}}"#,
        #"{"owner":{"__type":"Pointer","className":"User","objectId":"u1"}}"#,
        #"{"when":{"$lt":{"__type":"Date","iso":"2021-01-01T00:00:00.000Z"}}}"#,
        #"{"createdAt":{"$gte":{"__type":"Date","iso":"2020-09-13T12:26:42.000Z"}}}"#,
        #"{"updatedAt":{"$lt":{"__type":"Date","iso":"2020-09-13T12:26:42.000Z"}}}"#,
        nil,
    ]

    @Test(arguments: countedConditions, [nil, "u1"])
    func count_readsOnlyAnIndex(whereText: String?, userId: String?) throws {
        let queue = try QueryFixture.database()
        let access = AccessContext(caller: Caller(userId: userId))
        let plan = try queue.read { db in
            try QueryPlan.make(className: "Item", where: try whereText.map { try JSONParser.parse($0) }, order: nil,
                               limit: 1000, skip: 0, scope: try access.queryScope(in: db),
                               schemaOf: { $0 == "Item" ? QueryFixture.schema : QuerySchema() })
        }
        try IndexAdvisor().ensureIndexes(for: plan.indexKeys, in: queue)
        let (count, records, tableReads) = try queue.read { db in
            (try QueryExecutor.count(plan, in: db), try QueryExecutor.records(plan, in: db).count,
             try Self.tableReads(of: plan.count, in: db))
        }
        #expect(count == records)
        #expect(tableReads == [], "\(plan.count.sql)")
    }

    /// `ORDER BY <field>, rowid` walks the field's index: a limited, ordered query never sorts
    /// the matching objects.
    static let orderedQueries: [(whereText: String?, order: String?)] = [
        (#"{"n":{"$gte":2}}"#, "-n"), (#"{"name":"apple"}"#, nil), (nil, "name"),
        (#"{"when":{"$gt":{"__type":"Date","iso":"2019-01-01T00:00:00.000Z"}}}"#, "when"),
        (#"{"createdAt":{"$gte":{"__type":"Date","iso":"2020-09-13T12:26:42.000Z"}}}"#, "-createdAt"),
    ]

    @Test(arguments: orderedQueries)
    func orderedPage_needsNoSort(query: (whereText: String?, order: String?)) throws {
        let (whereText, order) = query
        let queue = try QueryFixture.database()
        let access = AccessContext(caller: Caller(userId: "u1"))
        let plan = try queue.read { db in
            try QueryPlan.make(className: "Item", where: try whereText.map { try JSONParser.parse($0) }, order: order,
                               limit: 10, skip: 0, scope: try access.queryScope(in: db),
                               schemaOf: { $0 == "Item" ? QueryFixture.schema : QuerySchema() })
        }
        try IndexAdvisor().ensureIndexes(for: plan.indexKeys, in: queue)
        let details = try queue.read { db in
            try db.query("EXPLAIN QUERY PLAN " + plan.select.sql, plan.select.arguments).compactMap { $0.last?.textValue }
        }
        #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(details)")
        #expect(details.contains { $0.contains("USING INDEX") }, "\(details)")
    }

    /// A number range whose bound keeps out `true` and `false` (1 and 0 to `json_extract`) has no
    /// type test: `< ''` ends the index range before the strings, so the walk over the matches
    /// reads no `json_type` (docs/queries.md). A bound that reaches 0 or 1 keeps its type test.
    @Test(arguments: [(#"{"n":{"$gte":2}}"#, false), (#"{"n":{"$gt":1}}"#, false), (#"{"n":{"$lt":0}}"#, false),
                      (#"{"n":{"$lte":-0.5}}"#, false), (#"{"n":{"$gte":1}}"#, true), (#"{"n":{"$gt":0.5}}"#, true),
                      (#"{"n":{"$lte":0}}"#, true), (#"{"n":{"$lt":2}}"#, true)])
    func numberRange_testsATypeOnlyWhenItsBoundReachesABoolean(query: (whereText: String, testsType: Bool)) throws {
        let queue = try QueryFixture.database()
        let plan = try queue.read { db in
            try QueryPlan.make(className: "Item", where: try JSONParser.parse(query.whereText), order: nil,
                               limit: 10, skip: 0, scope: .unrestricted,
                               schemaOf: { $0 == "Item" ? QueryFixture.schema : QuerySchema() })
        }
        #expect(plan.select.sql.contains("json_type") == query.testsType, "\(plan.select.sql)")
        try IndexAdvisor().ensureIndexes(for: plan.indexKeys, in: queue)
        let details = try queue.read { db in
            try db.query("EXPLAIN QUERY PLAN " + plan.select.sql, plan.select.arguments).compactMap { $0.last?.textValue }
        }
        #expect(details.contains { $0.contains("USING INDEX") }, "\(details)")
    }

    @Test func advisorIndexes_endWithTheACLColumn() throws {
        let queue = try QueryFixture.database()
        let key = try FieldAccess.field("name").indexKey(as: .value)
        try IndexAdvisor().ensureIndexes(for: [key], in: queue)
        let columns = try queue.read { db in
            try db.query("SELECT name FROM pragma_index_info(?) ORDER BY seqno", [.text(IndexAdvisor.name(for: key))])
                .map { $0.first?.textValue }
        }
        #expect(columns == ["class", nil, "rowid", nil, "acl"])  // nil: an expression
    }

    @Test func migration_dropsTheIndexesMadeWithoutACL() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try AppSchema.migrator().migrate(queue)
        try queue.write { db in  // back to the state before query-indexes-v2
            try db.execute("CREATE INDEX objects_q_1234 ON objects (class, json_extract(data, '$.a'))")
            try db.execute("DELETE FROM emu_migrations WHERE name = 'query-indexes-v2'")
            try db.execute("DROP INDEX objects_by_created; CREATE INDEX objects_by_created ON objects (class, created_at)")
        }
        try AppSchema.migrator().migrate(queue)
        let (stale, createdColumns) = try queue.read { db in
            (try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'objects_q_1234'")?.int64Value,
             try db.query("SELECT name FROM pragma_index_info('objects_by_created') ORDER BY seqno").map { $0.first?.textValue })
        }
        #expect(stale == 0)
        #expect(createdColumns == ["class", "created_at", "rowid", "acl"])
    }

    /// The instructions of `fragment`'s program that read a column straight from the `objects`
    /// table (rather than from an index), as "opcode p1 p2".
    static func tableReads(of fragment: SQLFragment, in db: Database) throws -> [String] {
        let rootPage = try db.scalar("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'objects'")?.int64Value
        let program = try db.query("EXPLAIN " + fragment.sql, fragment.arguments)
        // EXPLAIN columns: addr, opcode, p1, p2, p3, p4, p5, comment.
        let tableCursors = Set(program.filter { $0[1].textValue == "OpenRead" && $0[3].int64Value == rootPage }
            .compactMap { $0[2].int64Value })
        return program.filter { ["Column", "Rowid"].contains($0[1].textValue) && tableCursors.contains($0[2].int64Value ?? -1) }
            .map { "\($0[1].textValue ?? "") \($0[2].int64Value ?? -1) \($0[3].int64Value ?? -1)" }
    }
}
