import LCWire

extension ObjectHandlers {
    /// `PUT …/<id>` → `{"updatedAt","objectId"}`, preceded by the changed fields with
    /// `fetchWhenSave`; `?where=` makes it conditional (305) (spec §2.5).
    static func update(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(access: .app, execution: .pooled) { request in
            let app = try request.requiredApp
            let className = try collection.className(of: request)
            if className == LCClassName.user { return try UserHandlers.update(request) }
            let patch = try ObjectPatch(body: try request.jsonObjectBody(), mode: .update)
            let updated = try ObjectWrites.update(
                className: className, objectId: request.parameter("objectId"), patch: patch,
                condition: try condition(request), app: app, fetchWhenSave: fetchWhenSave(request),
                access: try request.accessContext())
            var body = updated.changedFields ?? JSONObject()
            body[LCFieldName.updatedAt] = .string(updated.record.updatedAt.iso)
            body[LCFieldName.objectId] = .string(updated.record.objectId)
            return APIResponse(json: .object(body))
        }
    }
}
