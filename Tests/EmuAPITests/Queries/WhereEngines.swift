@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuSQLite
@testable import EmuTools
import LCWire

/// The two `where` engines over one store, for the tests that hold them to the same answers:
/// class `R` in an in-memory SQLite database holding `objects` (its schema fixed by their
/// types), queried through the SQL compiler and through the in-memory `WhereMatcher`.
struct WhereEngines {
    let queue: DatabaseQueue
    let schema: QuerySchema
    /// Every stored object, read once: what the matcher filters.
    let stored: [ObjectRecord]

    init(_ objects: [JSONObject]) throws {
        queue = try Self.database(objects)
        let schema = try queue.read { db in try QuerySchema.load("R", in: db) }
        self.schema = schema
        stored = try queue.read { db in try QueryExecutor.records(Self.plan(nil, schema), in: db) }
    }

    /// The ids the SQL compiler selects.
    func sql(_ condition: JSON) throws -> Set<String> {
        let plan = try Self.plan(condition, schema)
        return Set(try queue.read { db in try QueryExecutor.records(plan, in: db) }.map(\.objectId))
    }

    /// The ids the in-memory matcher accepts.
    func matcher(_ condition: JSON) throws -> Set<String> {
        let matcher = try WhereMatcher(where: condition)
        return Set(stored.filter { matcher.matches($0.json()) }.map(\.objectId))
    }

    private static func plan(_ condition: JSON?, _ schema: QuerySchema) throws -> QueryPlan {
        try QueryPlan.make(className: "R", where: condition, order: nil, limit: 1000, skip: 0, scope: .unrestricted, schemaOf: { _ in schema })
    }

    private static func database(_ objects: [JSONObject]) throws -> DatabaseQueue {
        var configuration = DatabaseConfiguration()
        configuration.prepareConnection = { db in try QueryFunctions.register(on: db) }
        let queue = try DatabaseQueue(path: ":memory:", configuration: configuration)
        try AppSchema.migrator().migrate(queue)
        try queue.write { db in
            var schema = try ClassSchema.load("R", in: db)
            for (index, fields) in objects.enumerated() {
                for (key, value) in fields { try schema.fix(key, for: value) }
                try ObjectStore.insert(ObjectRecord(
                    className: "R", objectId: QueryFixture.id(index + 1), createdAt: LCDate(millisecondsSince1970: 0),
                    updatedAt: LCDate(millisecondsSince1970: 0), acl: nil, fields: fields), in: db)
            }
            try schema.saveIfChanged(now: LCDate(millisecondsSince1970: 0), in: db)
        }
        return queue
    }
}
