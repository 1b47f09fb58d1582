import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin/outbox`: what the emulator "sent" (SMS, voice, email, captcha answers, pushes,
/// realtime messages), for tests. A listing first fires the pushes that are due (`PushStore.fireDue`), so it writes.
package enum OutboxRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        // Newest first: `{"results":[…]}`; filters `phone`, `email`, `token`, `kind`, `purpose`.
        router.add("GET", "/__admin/outbox", APIRoute(appAccess: .master, work: .writes) { request in
            let filter = try filter(request)
            try PushStore.fireDue(app: request.app)
            let results = request.app.outbox.messages(matching: filter).map(\.json)
            return APIResponse(json: ["results": .array(results)])
        })
        router.add("DELETE", "/__admin/outbox", APIRoute(appAccess: .master) { request in
            let dropped = request.app.outbox.clear()
            return APIResponse(json: ["status": "ok", "deleted": JSON(dropped)])
        })
    }

    /// The query filters; `phone`, `email` and `token` each select the recipient and its kinds.
    static func filter(_ request: RequestContext<AppRuntime>) throws -> OutboxFilter {
        var filter = OutboxFilter()
        if let kind = request.query("kind") {
            guard let parsed = OutboxMessage.Kind(rawValue: kind) else {
                throw APIError(.invalidParameter("kind must be one of sms, voice, email, captcha, push, message."))
            }
            filter.kinds = [parsed]
        }
        if let phone = request.query("phone") {
            filter.to = PhoneNumber.lenient(phone)
            filter.kinds = (filter.kinds ?? [.sms, .voice]).intersection([.sms, .voice])
        }
        if let email = request.query("email") {
            filter.to = email
            filter.kinds = (filter.kinds ?? [.email]).intersection([.email])
        }
        if let token = request.query("token") {
            filter.to = token
            filter.kinds = (filter.kinds ?? [.captcha]).intersection([.captcha])
        }
        filter.purpose = request.query("purpose")
        return filter
    }
}
