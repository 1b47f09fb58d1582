import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire

/// Statuses and inboxes, LeanCloud's "状态 API" (its in-app social guide; docs/statuses.md):
///
/// ```
/// POST   /1.1/statuses {"data","inboxType","query":{"className","where","keys"}[,"source"]}
///                                                    → 201 {"objectId","createdAt"}
/// GET    /1.1/statuses, /1.1/statuses/<id>           → as /1.1/classes/_Status
/// DELETE /1.1/statuses/<id>                          → {}  (its source only)
/// GET    /1.1/subscribe/statuses?owner&inboxType&where&sinceId&maxId&limit&count
///                                                    → {"results":[{…,"messageId":N}]}
/// GET    /1.1/subscribe/statuses/count?owner&inboxType → {"total","unread"}
/// POST   /1.1/subscribe/statuses/resetUnreadCount     → {}
/// DELETE /1.1/subscribe/statuses/inbox?owner&inboxType&messageId → {}
/// ```
package enum StatusRoutes {
    static let collection = ObjectCollection(pattern: "/1.1/statuses", fixedClassName: LCClassName.status)

    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/1.1/statuses", APIRoute(appAccess: .app) { try publish($0) })
        router.add("GET", "/1.1/statuses", APIRoute(appAccess: .app, work: .slow) { try query($0) })
        router.add("GET", collection.objectPattern, ObjectRoutes.fetch(collection))
        router.add("DELETE", collection.objectPattern, APIRoute(appAccess: .app) { try delete($0) })
        registerInbox(in: &router)
    }

    /// Publishes a status to the targets of its query (the source's followers when it has none).
    static func publish(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let body = try request.jsonObjectBody()
        let caller = try request.caller()
        guard caller.isMaster || caller.userId != nil else { throw APIError(.sessionMissing) }
        var data = try StatusInput.data(body["data"])
        let source = try StatusInput.source(data[StatusFields.source] ?? body[StatusFields.source], caller: caller)
        data[StatusFields.source] = source?.json
        let draft = StatusDraft(data: data, inboxType: try StatusInput.inboxType(body[StatusFields.inboxType]),
                                targets: try StatusInput.targets(body["query"], source: source))
        let record = try StatusPublisher.publish(draft, access: request.access, app: request.app)
        var response = APIResponse(status: 201, json: [
            LCFieldName.objectId: .string(record.objectId),
            LCFieldName.createdAt: .string(record.createdAt.iso),
        ])
        response.headers.add("Location", "\(request.baseURL)/1.1/statuses/\(record.objectId)")
        return response
    }

    /// `GET /1.1/statuses`: a query of `_Status` (the guide: "like querying any other object").
    static func query(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let parameters = try QueryParameters(request)
        let render = try RenderOptions(parameter: { request.query($0) })
        return APIResponse(serializedJSON: try QueryRoutes.answer(LCClassName.status, parameters, render, request))
    }

    /// Deletes a status and takes it out of every inbox. Only its source may (or the master
    /// key): no session → 206, another user → 403. An unknown id answers like a deleted one.
    static func delete(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let caller = try request.caller()
        let statusId = request.parameter("objectId")
        try request.app.database.write { db in
            guard let record = try ObjectStore.fetch(className: LCClassName.status, objectId: statusId, in: db) else {
                guard try ObjectStore.classExists(LCClassName.status, in: db) else { throw APIError(.objectNotFound) }
                return
            }
            if !caller.isMaster {
                guard let userId = caller.userId else { throw APIError(.sessionMissing) }
                let source = record.fields[StatusFields.source].flatMap(LCPointer.init(json:))
                guard source == LCPointer(className: LCClassName.user, objectId: userId) else {
                    throw APIError(.forbiddenWritingByACL)
                }
            }
            _ = try ObjectStore.delete(className: LCClassName.status, objectId: statusId, in: db)
            try StatusInbox.removeEverywhere(statusId, in: db)
        }
        return APIResponse(json: .object(JSONObject()))
    }
}
