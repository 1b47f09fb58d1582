import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire

/// Push notifications (LeanCloud's push REST guide, docs/push.md). Nothing leaves the machine:
/// a push that fires lands in the outbox (`/__admin/outbox?kind=push`) with the installations
/// it reached and why.
///
/// ```
/// POST /1.1/push {"data",["channels"|"where"|"cql"],["push_time"],["expiration_time"|
///      "expiration_interval"],["prod"],["notification_id"],["flow_control"]}
///      → 200 {"objectId","createdAt"}                of its `_Notification`
/// GET  /1.1/tables/Notifications[?where,order,limit,skip,count,keys]   the pushes sent
/// GET  /1.1/tables/Notifications/<objectId>                            one of them
/// GET  /1.1/installations[?where,…]          a query on `_Installation` (the guide's alias)
/// ```
///
/// The notification routes fire the pushes that are due first, so they write (`.slow`: pooled).
package enum PushRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/1.1/push", APIRoute(appAccess: .app) { try send($0) })
        router.add("GET", "/1.1/tables/Notifications", APIRoute(appAccess: .app, work: .slow) { request in
            try PushStore.fireDue(app: request.app)
            let parameters = try QueryParameters(request)
            let render = try RenderOptions(parameter: { request.query($0) })
            return APIResponse(serializedJSON: try QueryRoutes.answer(LCClassName.notification, parameters, render, request))
        })
        router.add("GET", "/1.1/installations", APIRoute(appAccess: .app, work: .slow) { request in
            let parameters = try QueryParameters(request)
            let render = try RenderOptions(parameter: { request.query($0) })
            return APIResponse(serializedJSON: try QueryRoutes.answer(LCClassName.installation, parameters, render, request))
        })
        router.add("GET", "/1.1/tables/Notifications/:objectId", APIRoute(appAccess: .app, work: .slow) { try fetch($0) })
    }

    static func send(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let push = try PushRequest(body: try request.jsonObjectBody())
        let record = try PushStore.send(push, app: request.app)
        return APIResponse(json: [
            LCFieldName.objectId: .string(record.objectId),
            LCFieldName.createdAt: .string(record.createdAt.iso),
        ])
    }

    /// One `_Notification`, as an object fetch answers it; an unknown id is 404/101.
    static func fetch(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        try PushStore.fireDue(app: app)
        let access = request.access
        let className = LCClassName.notification
        let renderer = try ObjectRenderer(options: RenderOptions(parameter: { request.query($0) }, app: app), access: access)
        let body = try app.database.read { db -> [UInt8] in
            try access.require(.get, on: className, in: db)
            guard let bytes = try renderer.fetchAnswer(className: className, objectId: request.parameter("objectId"), in: db) else {
                throw APIError(.objectNotFound)
            }
            return bytes
        }
        return APIResponse(serializedJSON: body)
    }
}
