import LCWire

extension ObjectHandlers {
    /// `GET …/<id>` → the object with `keys`, `include` and `returnACL` applied; an unknown id
    /// in an existing class is `200 {}`, an unknown class 404/101, an unknown user 400/211
    /// (spec §2.4).
    static func fetch(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(access: .app, execution: .pooled) { request in
            let app = try request.requiredApp
            let className = try collection.className(of: request)
            if className == LCClassName.user { return try UserHandlers.fetch(request) }
            let objectId = request.parameter("objectId")
            let access = try request.accessContext()
            let renderer = ObjectRenderer(options: RenderOptions(parameter: request.query, app: app), access: access)
            let body = try app.database.read { db -> JSONObject in
                // spec §6.3, §2.4: class permission `get`, then the object's ACL.
                try access.require(.get, on: className, in: db)
                if let record = try ObjectStore.fetch(className: className, objectId: objectId, in: db) {
                    try access.requireRead(record, in: db)
                    return try renderer.render(record, in: db)
                }
                guard try ObjectStore.classExists(className, in: db) else { throw APIError(.objectNotFound) }
                return JSONObject()
            }
            return APIResponse(json: .object(body))
        }
    }
}
