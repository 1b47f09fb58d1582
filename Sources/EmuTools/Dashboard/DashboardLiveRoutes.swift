import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `GET /__admin/status` and `GET /__admin/events` (master key): what the dashboard's live views
/// follow (`DashboardState`), read once or streamed as server-sent events (`DashboardLive`).
package enum DashboardLiveRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/__admin/status", APIRoute(appAccess: .master, work: .slow) { request in
            APIResponse(json: request.app.dashboardLive.state(of: request.app))
        })
        router.add("GET", "/__admin/events", APIRoute(appAccess: .master) { request in
            let app = request.app
            guard app.dashboardLive.hasRoom() else { throw APIError(.tooManyEventStreams) }
            var response = APIResponse(contentType: ServerSentEvent.contentType, body: [])
            response.headers.set("Cache-Control", "no-store")
            response.stream = HTTPStream { writer in app.dashboardLive.follow(app, on: writer) }
            return response
        })
    }
}

extension LCErrorCode {
    /// More than `DashboardLive.maxStreams` event streams for one app: the page polls instead.
    static let tooManyEventStreams = LCErrorCode(
        code: 503, message: "Too many dashboard event streams are open (\(DashboardLive.maxStreams)); close a tab.", httpStatus: 503)
}
