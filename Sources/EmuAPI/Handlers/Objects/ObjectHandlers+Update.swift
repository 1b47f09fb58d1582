import LCWire

extension ObjectHandlers {
    /// `PUT …/<id>` → `{"updatedAt","objectId"}`, preceded by the changed fields with
    /// `fetchWhenSave`; `?where=` makes it conditional (305) (spec §2.5).
    static func update(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(access: .app, execution: .pooled) { request in
            let app = try request.requiredApp
            let className = try collection.className(of: request)
            let patch = try ObjectPatch(body: try request.jsonObjectBody(), mode: .update)
            let updated = try ObjectWrites.update(
                className: className, objectId: request.parameter("objectId"), patch: patch,
                condition: try condition(request), app: app, fetchWhenSave: fetchWhenSave(request))
            var body = updated.changedFields ?? JSONObject()
            body[LCFieldName.updatedAt] = .string(updated.record.updatedAt.iso)
            body[LCFieldName.objectId] = .string(updated.record.objectId)
            return APIResponse(json: .object(body))
        }
    }

    /// `DELETE …/<id>` → `200 {}`; `?where=` makes it conditional (305). The body is ignored:
    /// SDKs send `null`, `{}` or hook flags there (spec §2.6).
    static func delete(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(access: .app, execution: .pooled) { request in
            let app = try request.requiredApp
            let className = try collection.className(of: request)
            try ObjectWrites.delete(className: className, objectId: request.parameter("objectId"),
                                    condition: try condition(request), app: app)
            return APIResponse(json: .object(JSONObject()))
        }
    }
}
