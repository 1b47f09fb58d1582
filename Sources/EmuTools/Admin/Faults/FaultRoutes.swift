import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin/faults` (master key): make the next matching requests fail or wait (docs/testing.md).
package enum FaultRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/__admin/faults", APIRoute(appAccess: .master) { request in
            let fault: Fault
            do {
                fault = try Fault(json: try request.jsonObjectBody())
            } catch let error as InvalidInput {
                throw APIError(.invalidParameter("Invalid fault: \(error.detail)."))
            }
            guard let added = request.app.faults.add(fault) else {
                throw APIError(.invalidParameter("At most \(Faults.capacity) faults per app."))
            }
            return APIResponse(json: added.json)
        })
        router.add("GET", "/__admin/faults", APIRoute(appAccess: .master) { request in
            APIResponse(json: ["results": .array(request.app.faults.all.map(\.json))])
        })
        router.add("DELETE", "/__admin/faults", APIRoute(appAccess: .master) { request in
            APIResponse(json: ["status": "ok", "deleted": JSON(request.app.faults.remove())])
        })
        router.add("DELETE", "/__admin/faults/:id", APIRoute(appAccess: .master) { request in
            let deleted = request.app.faults.remove(request.parameter("id"))
            return APIResponse(json: ["status": "ok", "deleted": JSON(deleted)])
        })
    }
}
