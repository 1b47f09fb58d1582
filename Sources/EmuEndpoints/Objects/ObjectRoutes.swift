import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// The object API: create, fetch, update and delete one object (spec §2), on
/// `/1.1/classes/<Class>` and on the aliases of the built-in classes. Queries
/// (`GET /1.1/classes/<Class>`) belong to the query endpoints.
package enum ObjectRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        for collection in ObjectCollection.all {
            router.add("POST", collection.pattern, create(collection))
            router.add("GET", collection.objectPattern, fetch(collection))
            router.add("PUT", collection.objectPattern, update(collection))
            router.add("DELETE", collection.objectPattern, delete(collection))
        }
    }

    /// `fetchWhenSave=true`, or the JS SDK's legacy `new=true` (spec §2.3).
    static func fetchWhenSave(_ request: RequestContext<AppRuntime>) -> Bool {
        RenderOptions.flag(request.query("fetchWhenSave")) || RenderOptions.flag(request.query("new"))
    }

    /// The `where` of a conditional update or delete of a `className` object, from the URL only
    /// (spec §2.5). Blank text matches everything; text that is not JSON → 107; a field the
    /// caller may not test → 400 (`AccessContext.requireTestable`).
    static func condition(_ request: RequestContext<AppRuntime>, of className: String) throws -> WhereMatcher? {
        guard let text = request.query("where") else { return nil }
        if text.allSatisfy(\.isWhitespace) { return try WhereMatcher(where: .object(JSONObject())) }
        let matcher = try WhereMatcher(where: try request.whereParameter(syntaxError: APIError(.malformedJSON)) ?? .object(JSONObject()))
        try request.access.requireTestable(matcher, of: className)
        return matcher
    }

    /// `POST …` → 201, `Location`, `{"objectId","createdAt"}`; with `fetchWhenSave` the whole
    /// saved object (spec §2.3).
    static func create(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(appAccess: .app) { request in
            let app = request.app
            let className = try collection.className(of: request)
            if className == LCClassName.user { return try UserRoutes.signUp(request, collection: collection) }
            if className == LCClassName.installation { return try InstallationRoutes.save(request, collection: collection) }
            let fields = try request.jsonObjectBody()
            var patch = try ObjectPatch(body: fields, mode: .create)
            let hooks = try ObjectHooks.of(request, className: className, body: fields)
            if let hooks, hooks.runs(.beforeSave) {
                patch = try ObjectPatch(body: try hooks.beforeSave(fields), mode: .create)
            }
            let created = try ObjectWrites.create(className: className, patch: patch, app: app,
                                                  render: fetchWhenSave(request), access: request.access)
            AfterHooks.afterWrite(hooks, .afterSave, objectId: created.record.objectId, app: app)
            var response = APIResponse(status: 201, serializedJSON: created.rendered.map { JSON.object($0).serialized() }
                ?? createdAnswer(created.record))
            response.headers.add("Location", collection.location(
                of: created.record.objectId, className: className, request: request))
            return response
        }
    }

    /// `{"objectId":…,"createdAt":…}`, written straight into its bytes (no JSON tree per create).
    static func createdAnswer(_ record: ObjectRecord) -> [UInt8] {
        var out = JSONSerializer(reservingCapacity: 80)
        out.appendASCII(#"{"objectId":"#)
        out.appendString(record.objectId)
        out.appendASCII(#","createdAt":"#)
        out.appendISOString(record.createdAt)
        out.appendByte(UInt8(ascii: "}"))
        return out.bytes
    }

    /// `GET …/<id>` → the object with `keys`, `include` and `returnACL` applied; an unknown id
    /// in an existing class is `200 {}`, an unknown class 404/101, an unknown user 400/211
    /// (spec §2.4).
    static func fetch(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(appAccess: .app) { request in
            let app = request.app
            let className = try collection.className(of: request)
            if className == LCClassName.user { return try UserRoutes.fetch(request) }
            let objectId = request.parameter("objectId")
            let access = request.access
            let renderer = try ObjectRenderer(options: RenderOptions(parameter: { request.query($0) }, app: app), access: access)
            // The body only reads: without a session token it may run without BEGIN (`AccessContext.read`).
            let body = try access.read(app.database) { db -> [UInt8] in
                // spec §6.3, §2.4: class permission `get`, then the object's ACL.
                try access.require(.get, on: className, in: db)
                if let bytes = try renderer.fetchAnswer(className: className, objectId: objectId, in: db) { return bytes }
                guard try ObjectStore.classExists(className, in: db) else { throw APIError(.objectNotFound) }
                return Array("{}".utf8)
            }
            return APIResponse(serializedJSON: body)
        }
    }

    /// `PUT …/<id>` → `{"updatedAt","objectId"}`, preceded by the changed fields with
    /// `fetchWhenSave`; `?where=` makes it conditional (305) (spec §2.5).
    static func update(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(appAccess: .app) { request in
            let app = request.app
            let className = try collection.className(of: request)
            if className == LCClassName.user { return try UserRoutes.update(request) }
            if className == LCClassName.status { throw APIError(.statusUpdate) }  // docs/statuses.md
            if className == LCClassName.installation { try InstallationRoutes.checkUpdate(request) }
            let objectId = request.parameter("objectId")
            var fields = try request.jsonObjectBody()
            var patch = try ObjectPatch(body: fields, mode: .update)
            let condition = try condition(request, of: className)
            let hooks = try ObjectHooks.of(request, className: className, body: fields)
            if let hooks, hooks.runs(.beforeUpdate) {
                fields = try hooks.beforeUpdate(fields, objectId: objectId)
                patch = try ObjectPatch(body: fields, mode: .update)
            }
            let updated = try ObjectWrites.update(
                className: className, objectId: objectId, patch: patch,
                condition: condition, app: app, fetchWhenSave: fetchWhenSave(request),
                access: request.access)
            AfterHooks.afterWrite(hooks, .afterUpdate, objectId: objectId, updatedKeys: HookObject.updatedKeys(of: fields), app: app)
            var body = updated.changedFields ?? JSONObject()
            body[LCFieldName.updatedAt] = .string(updated.record.updatedAt.iso)
            body[LCFieldName.objectId] = .string(updated.record.objectId)
            return APIResponse(json: .object(body))
        }
    }

    /// `DELETE …/<id>` → `200 {}`; `?where=` makes it conditional (305). The body is ignored:
    /// SDKs send `null`, `{}` or hook flags there (spec §2.6).
    static func delete(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(appAccess: .app) { request in
            let app = request.app
            let className = try collection.className(of: request)
            if className == LCClassName.user { return try UserRoutes.delete(request) }
            let objectId = request.parameter("objectId")
            let condition = try condition(request, of: className)
            let hooks = try ObjectHooks.of(request, className: className, body: try? request.jsonObjectBody())
            let stored = try hooks.map { hooks in
                hooks.runs(.beforeDelete) || hooks.runs(.afterDelete) ? try hooks.stored(objectId, app: app) : [:]
            }
            if let hooks, let stored { try hooks.beforeDelete(stored) }
            try ObjectWrites.delete(className: className, objectId: objectId,
                                    condition: condition, app: app, access: request.access)
            if let stored { AfterHooks.afterDelete(hooks, object: stored) }
            return APIResponse(json: .object(JSONObject()))
        }
    }
}

// MARK: - The collections that address objects

/// A path family that addresses objects: `/1.1/classes/<Class>` and the aliases
/// `/1.1/users`, `/1.1/roles`, `/1.1/installations` of the built-in classes (spec §2.1).
struct ObjectCollection: Sendable {
    /// The collection's route pattern, e.g. `/1.1/classes/:className` or `/1.1/users`.
    let pattern: String
    /// The class of an alias; nil when the class is the `className` capture.
    let fixedClassName: String?

    static let classes = ObjectCollection(pattern: "/1.1/classes/:className", fixedClassName: nil)
    static let users = ObjectCollection(pattern: "/1.1/users", fixedClassName: LCClassName.user)
    static let roles = ObjectCollection(pattern: "/1.1/roles", fixedClassName: LCClassName.role)
    static let installations = ObjectCollection(pattern: "/1.1/installations", fixedClassName: LCClassName.installation)

    static let all = [classes, users, roles, installations]

    /// The pattern of one object in the collection.
    var objectPattern: String { "\(pattern)/:objectId" }

    /// The class a request addresses; a name that is not a valid class name is 103.
    func className(of request: RequestContext<AppRuntime>) throws -> String {
        if let fixedClassName { return fixedClassName }
        let name = request.parameter("className")
        guard LCNames.isValidClassName(name) else { throw APIError(.invalidClassName) }
        return name
    }

    /// The `Location` of a created object (spec §1.5, §2.3): the request's scheme and `Host`
    /// and the collection's own path, so `/1.1/roles` answers `/1.1/roles/<id>`.
    func location(of objectId: String, className: String, request: RequestContext<AppRuntime>) -> String {
        // Written in one piece (`url(appending:)`): an interpolated base and four appends cost
        // ~3,700 instructions per create.
        if fixedClassName == nil { return request.url(appending: ["/1.1/classes/", className, "/", objectId]) }
        return request.url(appending: [pattern, "/", objectId])
    }
}
