import LCWire

extension ObjectHandlers {
    /// `POST …` → 201, `Location`, `{"objectId","createdAt"}`; with `fetchWhenSave` the whole
    /// saved object (spec §2.3).
    static func create(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(access: .app, execution: .pooled) { request in
            let app = try request.requiredApp
            let className = try collection.className(of: request)
            if className == LCClassName.user { return try UserHandlers.signUp(request, collection: collection) }
            let patch = try ObjectPatch(body: try request.jsonObjectBody(), mode: .create)
            let created = try ObjectWrites.create(className: className, patch: patch, app: app,
                                                  render: fetchWhenSave(request), access: try request.accessContext())
            let body = created.rendered ?? [
                LCFieldName.objectId: .string(created.record.objectId),
                LCFieldName.createdAt: .string(created.record.createdAt.iso),
            ]
            var response = APIResponse(status: 201, json: .object(body))
            response.headers.add("Location", collection.location(
                of: created.record.objectId, className: className, request: request))
            return response
        }
    }
}
