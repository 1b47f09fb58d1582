import LCWire

extension ObjectHandlers {
    /// `DELETE …/<id>` → `200 {}`; `?where=` makes it conditional (305). The body is ignored:
    /// SDKs send `null`, `{}` or hook flags there (spec §2.6).
    static func delete(_ collection: ObjectCollection) -> APIRoute {
        APIRoute(access: .app, execution: .pooled) { request in
            let app = try request.requiredApp
            let className = try collection.className(of: request)
            if className == LCClassName.user { return try UserHandlers.delete(request) }
            try ObjectWrites.delete(className: className, objectId: request.parameter("objectId"),
                                    condition: try condition(request), app: app, access: try request.accessContext())
            return APIResponse(json: .object(JSONObject()))
        }
    }
}
