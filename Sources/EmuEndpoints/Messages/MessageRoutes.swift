import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire

/// LeanCloud's realtime REST API, v1 (the forms the Python SDK sends; docs/messages.md). Master
/// key only, as on the service. Conversations themselves are `_Conversation` objects on the
/// object and query routes.
///
/// ```
/// POST /1.1/rtm/messages  {"from_peer","conv_id","message"[,"transient","to_peers","push_data"]} → {}
/// POST /1.1/rtm/broadcast {"from_peer","conv_id" (a system conversation),"message"[,"valid_till","push_data"]} → {}
/// GET  /1.1/rtm/messages/history?[convid|from][&limit&reversed&max_ts&msgid] → [{"conv-id","msg-id",…}]
/// ```
package enum MessageRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/1.1/rtm/messages", APIRoute(appAccess: .master) { request in
            _ = try MessageSending.send(try MessageRequest(body: try request.jsonObjectBody()), app: request.app)
            return APIResponse(json: .object(JSONObject()))
        })
        router.add("POST", "/1.1/rtm/broadcast", APIRoute(appAccess: .master) { request in
            try MessageSending.broadcast(try MessageRequest(body: try request.jsonObjectBody()), app: request.app)
            return APIResponse(json: .object(JSONObject()))
        })
        router.add("GET", "/1.1/rtm/messages/history", APIRoute(appAccess: .master, work: .slow) { request in
            let query = try historyQuery(request)
            let messages = try request.app.database.read { db in try MessageStore.history(query, in: db) }
            return APIResponse(json: .array(messages.map(\.json)))
        })
    }

    /// `convid` or `from` (neither: the whole app's), `limit` 1…1000 (default 100), `reversed`
    /// (`true`, or Python's `True`), `max_ts` in ms and `msgid` with it.
    static func historyQuery(_ request: RequestContext<AppRuntime>) throws -> HistoryQuery {
        var query = HistoryQuery()
        query.conversationId = request.query("convid").flatMap { $0.isEmpty ? nil : $0 }
        query.from = request.query("from").flatMap { $0.isEmpty ? nil : $0 }
        if let text = request.query("limit") {
            guard let limit = Int(text), (1...1000).contains(limit) else {
                throw APIError(.messageParameter("limit must be between 1 and 1000."))
            }
            query.limit = limit
        }
        query.reversed = ["true", "True", "1"].contains(request.query("reversed") ?? "")
        if let text = request.query("max_ts") {
            guard let value = Double(text), value.isFinite, abs(value) < 1e15 else {
                throw APIError(.messageParameter("max_ts must be a time in milliseconds."))
            }
            query.startTimestamp = Int64(value)
        }
        query.startMessageId = request.query("msgid").flatMap { $0.isEmpty ? nil : $0 }
        return query
    }
}
