import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin`: what tests and orchestration need beyond the LeanCloud API.
package enum AdminRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        // Open on purpose: container health checks carry no keys.
        router.add("GET", "/__admin/health", APIRoute(access: .open) { request in
            StorageHealth.response(request)
        })
        router.add("POST", "/__admin/reset", APIRoute(appAccess: .master) { request in
            try request.app.reset()
            return APIResponse(json: ["status": "ok"])
        })
    }
}
