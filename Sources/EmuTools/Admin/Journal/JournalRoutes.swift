import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin/requests` (master key): the request journal, for tests that verify what an app
/// sent and for the dashboard's live view (docs/testing.md).
package enum JournalRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/__admin/requests", APIRoute(appAccess: .master) { request in
            let app = request.app
            let filter = try JournalFilter(query: request.query)
            let listed = app.journal.records(visibleTo: app.configuration.appId)
                .lazy.filter(filter.matches).prefix(filter.limit).map(\.json)
            return APIResponse(json: ["results": .array(Array(listed)), "capacity": JSON(app.journal.capacity)])
        })
        router.add("DELETE", "/__admin/requests", APIRoute(appAccess: .master) { request in
            let app = request.app
            let deleted = app.journal.clear(visibleTo: app.configuration.appId)
            return APIResponse(json: ["status": "ok", "deleted": JSON(deleted)])
        })
    }
}
