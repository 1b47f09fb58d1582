import EmuData
import EmuRouting
import EmuSQLite
import LCWire

/// A resource's class in the app's store, reached through the object layer the `/1.1` handlers
/// use — `QueryPlan` and `QueryRunner.body` for a list, `ObjectStore` and `ObjectRenderer` for
/// an object, `ObjectWrites` for a write — with the reach of a master-key request: the same
/// validation, types and rendering as the REST API, so a resource's data is ordinary objects
/// and its answers are the objects as `/1.1/classes` renders them. A write and the read of what
/// it wrote are one transaction.
package struct ResourceStore {
    let app: AppRuntime
    let className: String
    /// A master-key request's, without a session token: every class permission and ACL passes,
    /// nothing is hidden.
    let access: AccessContext
    /// Every field, no ACL: what a fetch or query without `keys`, `include` or `returnACL` renders.
    let renderer: ObjectRenderer

    package init(app: AppRuntime, className: String) {
        self.app = app
        self.className = className
        access = AccessContext.forRequest(app: app, isMaster: true, sessionToken: nil)
        renderer = QueryRunner.renderer(RenderOptions(), access, app)
    }

    /// The page of objects `query` selects and, when it counts, the number of matches ignoring
    /// the page: the values of `GET /1.1/classes/<class>`'s `results` and `count`.
    func list(_ query: QueryParameters) throws -> (results: JSON, count: JSON) {
        let plan = try app.database.read { db in try QueryRunner.makePlan(className, query, access, in: db) }
        try app.indexAdvisor.ensureIndexes(for: plan.indexKeys, in: app.database)
        let body = try QueryRunner.body(app, plan, renderer, query)
        return (body["results"] ?? .array([]), body["count"] ?? .null)
    }

    /// The object as `GET /1.1/classes/<class>/<id>` renders it. An id the class does not hold is
    /// `notFound`; by objectId in a class never written, LeanCloud's 101 as the fetch route answers it.
    func object(_ item: ResourceItem) throws -> JSONObject {
        guard item.condition != nil else {
            guard LCObjectId.isValid(item.id) else { throw notFound(item.id) }
            return try app.database.read { db in try object(item.id, in: db) }
        }
        return try app.database.read { db in try object(try objectId(of: item, in: db), in: db) }
    }

    /// Creates an object of `fields` and answers it as stored. A resource with an id of its own
    /// (`identity` not the objectId) needs the id: given and free, or numbered (`auto`).
    /// `then` runs after the write, in its transaction (a resource's `actions`): its failure undoes the write.
    func create(_ fields: JSONObject, identity: ResourceIdentity = .objectId,
                then after: ((JSONObject) throws -> Void)? = nil) throws -> JSONObject {
        try app.database.write { db in
            var fields = fields
            if !identity.isObjectId {
                // In the write transaction: the writer is serialised, so the number and the check hold.
                if fields[identity.store] == nil, identity.auto { fields[identity.store] = JSON(try nextNumber(identity.store, in: db)) }
                guard let id = fields[identity.store], !id.isNull else { throw InvalidInput("\(identity.field) is required") }
                guard try first([identity.store: id], in: db) == nil else {
                    throw APIError(.duplicateValue.with(message: "\(className) \(identity.field) \(FieldMatcher.text(id)) exists"))
                }
            }
            let patch = try ObjectPatch(body: fields, mode: .create)
            // Nested in this transaction, the write runs in a savepoint of it.
            let created = try ObjectWrites.create(className: className, patch: patch, app: app, render: false, access: access)
            return try answered(created.record.objectId, then: after, in: db)
        }
    }

    /// Updates the object `item` names with `fields` and answers it as stored. An unknown id is
    /// `notFound` before anything of the body is read: `patch` holds its failure until then.
    func update(_ item: ResourceItem, _ patch: Result<ObjectPatch, any Error>,
                then after: ((JSONObject) throws -> Void)? = nil) throws -> JSONObject {
        try app.database.write { db in
            let id = try existing(item, in: db)
            _ = try ObjectWrites.update(className: className, objectId: id, patch: try patch.get(), condition: nil,
                                        app: app, fetchWhenSave: false, access: access)
            return try answered(id, then: after, in: db)
        }
    }

    /// Deletes the object `item` names; an unknown id is `notFound` (where `DELETE /1.1/classes` is lenient).
    /// `then` gets the object as it was.
    func delete(_ item: ResourceItem, then after: ((JSONObject) throws -> Void)? = nil) throws {
        try app.database.write { db in
            let id = try existing(item, in: db)
            let deleted = after == nil ? nil : try object(id, in: db)
            try ObjectWrites.delete(className: className, objectId: id, condition: nil, app: app, access: access)
            if let after, let deleted { try after(deleted) }
        }
    }

    /// The written object, after `then` ran on it: read again, as the steps may have changed it.
    private func answered(_ id: String, then after: ((JSONObject) throws -> Void)?, in db: Database) throws -> JSONObject {
        let written = try object(id, in: db)
        guard let after else { return written }
        try after(written)
        return try object(id, in: db)
    }

    /// The fetch route's checks and rendering, inside the caller's transaction.
    private func object(_ id: String, in db: Database) throws -> JSONObject {
        try access.require(.get, on: className, in: db)
        guard let record = try ObjectStore.fetch(className: className, objectId: id, in: db) else {
            guard try ObjectStore.classExists(className, in: db) else { throw APIError(.objectNotFound) }
            throw notFound(id)
        }
        try access.requireRead(record, in: db)
        return try renderer.render(record, in: db)
    }

    private func existing(_ item: ResourceItem, in db: Database) throws -> String {
        guard item.condition == nil else { return try objectId(of: item, in: db) }
        guard LCObjectId.isValid(item.id), try ObjectStore.fetch(className: className, objectId: item.id, in: db) != nil else {
            throw notFound(item.id)
        }
        return item.id
    }

    /// The objectId of the object the item's condition selects.
    private func objectId(of item: ResourceItem, in db: Database) throws -> String {
        guard let condition = item.condition, let record = try first(condition, in: db) else { throw notFound(item.id) }
        return record.objectId
    }

    /// The first object matching `condition` in the store's order; nil when none.
    private func first(_ condition: JSON, order: String? = nil, in db: Database) throws -> ObjectRecord? {
        var query = QueryParameters({ _ in nil }, where: condition)
        query.order = order
        query.limit = 1
        return try QueryExecutor.records(try QueryRunner.makePlan(className, query, access, in: db), in: db).first
    }

    /// The next number of an `auto` id: the highest stored plus one, 1 for the first. The class
    /// is an ordinary one that `/1.1` also writes, so it may hold any number: only values up to
    /// 2^53 − 1 (where a JSON number still counts every integer) are counted, a larger one is
    /// ignored rather than trapping the server (at the bound, the next number is taken and the
    /// create answers 137); a fraction counts as its floor; never below 1.
    private func nextNumber(_ field: String, in db: Database) throws -> Int {
        guard let record = try first([field: ["$lte": JSON(Self.largestCountedId)]], order: "-" + field, in: db),
              let highest = record.fields[field]?.doubleValue, highest.isFinite,
              let floor = Int(exactly: highest.rounded(.down)) else { return 1 }
        // Only negatives stored: ids start at 1 all the same.
        return max(floor + 1, 1)
    }

    /// 2^53 − 1, the largest integer every JSON reader holds exactly.
    static let largestCountedId = 9_007_199_254_740_991

    /// 404 with LeanCloud's 101, naming the resource's class and the id.
    func notFound(_ id: String) -> APIError {
        APIError(.objectNotFound.with(message: "\(className) \(id) not found"))
    }
}

// MARK: - ResourceItem

/// Which object an item path names: the objectId itself (a resource's default), or the object
/// that matches `condition` (an id of the app's own, within the resource's scope).
struct ResourceItem: Sendable {
    /// The path's text, for the not-found message.
    let id: String
    /// Nil: `id` is the objectId.
    let condition: JSON?
}
