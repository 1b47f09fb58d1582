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
    /// `notFound`; in a class never written, LeanCloud's 101 as the fetch route answers it.
    func object(_ id: String) throws -> JSONObject {
        guard LCObjectId.isValid(id) else { throw notFound(id) }
        return try app.database.read { db in try object(id, in: db) }
    }

    /// Creates an object of `fields` and answers it as stored.
    func create(_ fields: JSONObject) throws -> JSONObject {
        let patch = try ObjectPatch(body: fields, mode: .create)
        return try app.database.write { db in
            // Nested in this transaction, the write runs in a savepoint of it.
            let created = try ObjectWrites.create(className: className, patch: patch, app: app, render: false, access: access)
            return try object(created.record.objectId, in: db)
        }
    }

    /// Updates the object `id` with `fields` and answers it as stored. An unknown id is
    /// `notFound` before anything of the body is read: `patch` holds its failure until then.
    func update(_ id: String, _ patch: Result<ObjectPatch, any Error>) throws -> JSONObject {
        try app.database.write { db in
            try requireExisting(id, in: db)
            _ = try ObjectWrites.update(className: className, objectId: id, patch: try patch.get(), condition: nil,
                                        app: app, fetchWhenSave: false, access: access)
            return try object(id, in: db)
        }
    }

    /// Deletes the object `id`; an unknown id is `notFound` (where `DELETE /1.1/classes` is lenient).
    func delete(_ id: String) throws {
        try app.database.write { db in
            try requireExisting(id, in: db)
            try ObjectWrites.delete(className: className, objectId: id, condition: nil, app: app, access: access)
        }
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

    private func requireExisting(_ id: String, in db: Database) throws {
        guard LCObjectId.isValid(id), try ObjectStore.fetch(className: className, objectId: id, in: db) != nil else {
            throw notFound(id)
        }
    }

    /// 404 with LeanCloud's 101, naming the resource's class and the id.
    func notFound(_ id: String) -> APIError {
        APIError(.objectNotFound.with(message: "\(className) \(id) not found"))
    }
}
