import LCWire

extension UserRoutes {
    /// `PUT /1.1/users/<id>` (and `/1.1/classes/_User/<id>`): self-only (§5.6) →
    /// `{"updatedAt","objectId"}`, after the changed fields with `fetchWhenSave`.
    static func update(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let objectId = request.parameter("objectId")
        let access = request.access
        try requireSelf(try request.caller(), objectId: objectId)
        let updated = try UserWrites.update(
            objectId: objectId, body: try request.jsonObjectBody(), condition: try ObjectRoutes.condition(request, of: LCClassName.user),
            app: app, access: access, fetchWhenSave: ObjectRoutes.fetchWhenSave(request))
        var body = updated.changedFields ?? JSONObject()
        body[LCFieldName.updatedAt] = .string(updated.record.updatedAt.iso)
        body[LCFieldName.objectId] = .string(updated.record.objectId)
        return APIResponse(json: .object(body))
    }

    /// `DELETE /1.1/users/<id>` (and `/1.1/classes/_User/<id>`): self-only (§5.6) → `{}`; the
    /// user's session dies with it.
    static func delete(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let objectId = request.parameter("objectId")
        let access = request.access
        try requireSelf(try request.caller(), objectId: objectId)
        try UserWrites.delete(objectId: objectId, condition: try ObjectRoutes.condition(request, of: LCClassName.user), app: app,
                              access: access)
        return APIResponse(json: .object(JSONObject()))
    }
}
