@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuSQLite
@testable import EmuTools
import LCWire

/// A small fixed class `Item` for query tests; object `n` has id `00…0n`. Items 1 and 3 point
/// to `User` u1 (age 30), item 2 to u2 (age 20).
enum QueryFixture {
    static func id(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return String(repeating: "0", count: 24 - hex.count) + hex
    }

    static let objects: [String] = [
        #"{"name":"apple","n":1,"tags":["red","fruit"],"flag":true,"when":{"__type":"Date","iso":"2020-01-01T00:00:00.000Z"},"owner":{"__type":"Pointer","className":"User","objectId":"u1"},"loc":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"meta":{"size":"s"}}"#,
        #"{"name":"banana","n":2.5,"tags":["yellow","fruit"],"flag":false,"when":{"__type":"Date","iso":"2021-06-01T12:00:00.000Z"},"owner":{"__type":"Pointer","className":"User","objectId":"u2"},"loc":{"__type":"GeoPoint","latitude":31.2,"longitude":121.5},"meta":{"size":"m"}}"#,
        #"{"name":"cherry","n":3,"tags":["red"],"when":{"__type":"Date","iso":"2019-03-03T03:03:03.003Z"},"owner":{"__type":"Pointer","className":"User","objectId":"u1"},"meta":{"size":"s"}}"#,
        #"{"name":"Date","n":-4,"tags":[],"flag":true,"note":null}"#,
        #"{"name":"elder","n":10,"tags":["green","berry","fruit"],"loc":{"__type":"GeoPoint","latitude":40.0,"longitude":116.5}}"#,
        #"{"n":"6","name":"fig\nnewline"}"#,
    ]

    static let schema = QuerySchema(fields: ["tags": .array, "when": .date])

    /// An in-memory queue with the app schema, the query functions and the fixture rows.
    static func database() throws -> DatabaseQueue {
        var configuration = DatabaseConfiguration()
        configuration.prepareConnection = { db in try QueryFunctions.register(on: db) }
        let queue = try DatabaseQueue(path: ":memory:", configuration: configuration)
        try AppSchema.migrator().migrate(queue)
        try queue.write { db in
            for (index, text) in objects.enumerated() {
                let record = ObjectRecord(
                    className: "Item", objectId: id(index + 1),
                    createdAt: LCDate(millisecondsSince1970: Int64(1_600_000_000_000 + index * 1000)),
                    updatedAt: LCDate(millisecondsSince1970: Int64(1_600_000_000_000 + index * 1000)),
                    acl: nil, fields: try JSONParser.parse(text).objectValue ?? JSONObject())
                try ObjectStore.insert(record, in: db)
            }
            for (id, text) in [("u1", #"{"name":"ann","age":30}"#), ("u2", #"{"name":"bob","age":20}"#)] {
                let epoch = LCDate(millisecondsSince1970: 1_600_000_000_000)
                try ObjectStore.insert(ObjectRecord(
                    className: "User", objectId: id, createdAt: epoch, updatedAt: epoch, acl: nil,
                    fields: try JSONParser.parse(text).objectValue ?? JSONObject()), in: db)
            }
            try db.execute("INSERT INTO relations VALUES ('Box', 'b1', 'items', 'Item', ?), ('Box', 'b1', 'items', 'Item', ?)",
                           [.text(id(2)), .text(id(5))])
        }
        return queue
    }

    /// Ids (as fixture numbers) returned by a query.
    static func run(_ queue: DatabaseQueue, where whereText: String?, order: String? = nil,
                    limit: Int = 100, skip: Int = 0) throws -> [Int] {
        let plan = try QueryPlan.make(
            className: "Item", where: try whereText.map { try JSONParser.parse($0) }, order: order,
            limit: limit, skip: skip, scope: .unrestricted, schemaOf: { $0 == "Item" ? schema : QuerySchema() })
        return try queue.read { db in
            try QueryExecutor.records(plan, in: db).map { Int($0.objectId, radix: 16) ?? -1 }
        }
    }
}
