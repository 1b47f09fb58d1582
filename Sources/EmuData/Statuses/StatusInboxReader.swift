import EmuSQLite
import LCWire

/// What `GET /1.1/subscribe/statuses` asks of an inbox (LeanCloud's status guide): the
/// messageId window, a `where` on the statuses, how many, in which order.
package struct InboxPage: Sendable {
    /// Only statuses whose messageId is greater (0: from the first).
    package var sinceId: Int64 = 0
    /// Only statuses whose messageId is at most this (nil: up to the newest).
    package var maxId: Int64?
    package var whereJSON: JSON?
    package var limit = InboxPage.maxLimit
    package var count = false
    /// Oldest first (`order=messageId`); newest first otherwise.
    package var ascending = false

    /// The guide: "limit: at most how many statuses, 100 by default and at most".
    package static let maxLimit = 100

    package init() {}
}

/// Reads an inbox: its statuses as `_Status` objects with their `messageId`, filtered by the
/// page's `where` through the query engine with the caller's access, as any query of `_Status`.
package enum StatusInboxReader {
    /// Statuses are matched against `where` this many at a time (an `$in` of their ids).
    static let chunkSize = 100

    /// `{"results":[…]}`, with `"count"` (every match in the window) when the page asks.
    package static func read(_ inbox: StatusInbox, _ page: InboxPage, render: RenderOptions, access: AccessContext,
                             app: AppRuntime) throws -> JSONObject {
        let renderer = QueryRunner.renderer(render, access, app)
        return try app.database.read { db in
            let entries = try inbox.entries(sinceId: page.sinceId, maxId: page.maxId, ascending: page.ascending, in: db)
            var results: [JSON] = []
            var matched = 0
            var start = 0
            while start < entries.count, page.count || results.count < page.limit {
                let chunk = entries[start..<min(start + chunkSize, entries.count)]
                start += chunkSize
                let found = try statuses(chunk.map(\.1), where: page.whereJSON, access: access, in: db)
                for (messageId, statusId) in chunk {
                    guard let record = found[statusId] else { continue }
                    matched += 1
                    guard results.count < page.limit else { continue }
                    var object = try renderer.render(record, in: db)
                    object[StatusFields.messageId] = .number(Double(messageId))
                    results.append(.object(object))
                }
            }
            var body: JSONObject = ["results": .array(results)]
            if page.count { body["count"] = .number(Double(matched)) }
            return body
        }
    }

    /// The statuses among `ids` that match `where` and that the caller may read, by id.
    private static func statuses(_ ids: [String], where whereJSON: JSON?, access: AccessContext,
                                 in db: Database) throws -> [String: ObjectRecord] {
        var condition: JSON = [LCFieldName.objectId: ["$in": .array(ids.map { .string($0) })]]
        if let whereJSON { condition = ["$and": [whereJSON, condition]] }
        var parameters = QueryParameters({ _ in nil }, where: condition)
        parameters.limit = ids.count
        let plan = try QueryRunner.makePlan(LCClassName.status, parameters, access, in: db)
        var byId: [String: ObjectRecord] = [:]
        for record in try QueryExecutor.records(plan, in: db) { byId[record.objectId] = record }
        return byId
    }
}
