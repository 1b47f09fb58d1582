import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// The inbox routes. Each names its inbox by `owner` (a JSON pointer) and `inboxType`
/// (`default` when absent), in the query string, or for `resetUnreadCount` also in a JSON body
/// (the JavaScript and Objective-C SDKs post them there). Without `owner` the session's user
/// owns the inbox (the Java SDK sends only the session).
extension StatusRoutes {
    static func registerInbox(in router: inout Router<APIRoute>) {
        router.add("GET", "/1.1/subscribe/statuses", APIRoute(appAccess: .app, work: .slow) { try inbox($0) })
        router.add("GET", "/1.1/subscribe/statuses/count", APIRoute(appAccess: .app) { try count($0) })
        router.add("POST", "/1.1/subscribe/statuses/resetUnreadCount", APIRoute(appAccess: .app) { try resetUnread($0) })
        router.add("DELETE", "/1.1/subscribe/statuses/inbox", APIRoute(appAccess: .app) { try removeFromInbox($0) })
    }

    /// The inbox's statuses, newest first, each with its `messageId`.
    static func inbox(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let inbox = try StatusInput.inbox(request)
        var page = InboxPage()
        page.sinceId = try StatusInput.messageId(request.query("sinceId"), name: "sinceId") ?? 0
        page.maxId = try StatusInput.messageId(request.query("maxId"), name: "maxId").flatMap { $0 == 0 ? nil : $0 }
        page.whereJSON = try request.whereParameter()
        page.count = RenderOptions.flag(request.query("count"))
        page.limit = StatusInput.limit(request.query("limit"), count: page.count)
        page.ascending = request.query("order") == StatusFields.messageId
        let render = try RenderOptions(parameter: { request.query($0) })
        let body = try StatusInboxReader.read(inbox, page, render: render, access: request.access, app: request.app)
        return APIResponse(json: .object(body))
    }

    /// `{"total":N,"unread":M}`.
    static func count(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let inbox = try StatusInput.inbox(request)
        let counts = try request.app.database.read { db in try inbox.counts(in: db) }
        return APIResponse(json: ["total": .number(Double(counts.total)), "unread": .number(Double(counts.unread))])
    }

    /// Marks the inbox read: its unread count becomes 0. No body (the Java SDK) reads as `{}`.
    static func resetUnread(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let inbox = try StatusInput.inbox(request, body: try request.jsonObjectBody())
        try request.app.database.write { db in try inbox.resetUnread(in: db) }
        return APIResponse(json: .object(JSONObject()))
    }

    /// Takes one status out of this inbox (other inboxes and the status itself stay). An unknown
    /// messageId answers the same `{}`.
    static func removeFromInbox(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let inbox = try StatusInput.inbox(request)
        guard let messageId = try StatusInput.messageId(request.query(StatusFields.messageId), name: StatusFields.messageId)
        else { throw APIError(.invalidParameter("messageId is required: the number of the status in the inbox.")) }
        try request.app.database.write { db in try inbox.remove(messageId: messageId, in: db) }
        return APIResponse(json: .object(JSONObject()))
    }
}
