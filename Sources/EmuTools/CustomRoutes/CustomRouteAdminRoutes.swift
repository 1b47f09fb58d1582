import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin/routes` and `/__admin/scenarios` (master key): list, add, replace and remove an
/// app's custom routes at run time, reload its route files, and read or set scenario states.
package enum CustomRouteAdminRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/__admin/routes", APIRoute(appAccess: .master) { request in
            APIResponse(json: ["results": .array(request.app.customRoutes.all.map(\.json))])
        })
        router.add("POST", "/__admin/routes", APIRoute(appAccess: .master) { request in
            let route = try parse(request, fallbackId: nil)
            try refusing { try request.app.customRoutes.add(route, replacing: false) }
            return APIResponse(status: 201, json: route.json)
        })
        router.add("GET", "/__admin/routes/:id", APIRoute(appAccess: .master) { request in
            APIResponse(json: try existing(request).json)
        })
        router.add("PUT", "/__admin/routes/:id", APIRoute(appAccess: .master) { request in
            let id = request.parameter("id")
            let route = try parse(request, fallbackId: id)
            guard route.id == id else { throw APIError(.invalidParameter("Invalid route: its id '\(route.id)' is not '\(id)' of the URL.")) }
            try refusing { try request.app.customRoutes.add(route, replacing: true) }
            return APIResponse(json: route.json)
        })
        router.add("DELETE", "/__admin/routes/:id", APIRoute(appAccess: .master) { request in
            _ = try existing(request)
            request.app.customRoutes.remove(request.parameter("id"))
            return APIResponse(json: ["status": "ok", "deleted": 1])
        })
        router.add("POST", "/__admin/routes/reload", APIRoute(appAccess: .master) { request in
            guard let source = request.app.customRoutes.fileSource else {
                throw APIError(.invalidParameter("No route files to reload: start with --routes <file or folder>."))
            }
            do {
                return APIResponse(json: ["status": "ok", "routes": JSON(try source.load()), "source": .string(source.path)])
            } catch {
                throw APIError(.invalidParameter("Routes not reloaded, the loaded ones stay: \(error)"))
            }
        })
        ScenarioRoutes.register(in: &router)
    }

    /// A definition from the body; `fallbackId` (the URL's id) or a new `route-<n>` names it.
    private static func parse(_ request: RequestContext<AppRuntime>, fallbackId: String?) throws -> CustomRoute {
        let body = try request.jsonBody()
        let id = fallbackId ?? "route-\(ObjectIdGenerator.shared.next().suffix(8))"
        // A route added over HTTP reads files from the app's routes folder, or not at all.
        let folder = request.app.customRoutes.fileSource?.folderForRoutesAddedOverHTTP ?? .noFolder
        return try refusing { try CustomRoute(json: body, fallbackId: id, source: CustomRouteSource.api, routesFolder: folder) }
    }

    private static func existing(_ request: RequestContext<AppRuntime>) throws -> CustomRoute {
        let id = request.parameter("id")
        guard let route = request.app.customRoutes.route(id) else {
            throw APIError(LCErrorCode(code: 404, message: "No custom route '\(id)'.", httpStatus: 404))
        }
        return route
    }

    /// A definition error as the API's 400, code 1.
    private static func refusing<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as RouteDefinitionError {
            throw APIError(.invalidParameter("Invalid route: \(error)."))
        }
    }
}

// MARK: - ScenarioRoutes

/// `GET /__admin/scenarios` → `{"results":[{"name","state"}]}`; `PUT /__admin/scenarios/<name>`
/// with `{"state": "…"}` sets one; `DELETE /__admin/scenarios` puts every one back to `Started`.
enum ScenarioRoutes {
    static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/__admin/scenarios", APIRoute(appAccess: .master) { request in
            let scenarios = request.app.customRoutes.scenarios
            return APIResponse(json: ["results": .array(scenarios.map { ["name": .string($0.name), "state": .string($0.state)] })])
        })
        router.add("PUT", "/__admin/scenarios/:name", APIRoute(appAccess: .master) { request in
            guard let state = try request.jsonObjectBody()["state"]?.stringValue, !state.isEmpty else {
                throw APIError(.invalidParameter("Give the scenario's new state: {\"state\": \"…\"}."))
            }
            let name = request.parameter("name")
            request.app.customRoutes.setScenario(name, to: state)
            return APIResponse(json: ["name": .string(name), "state": .string(state)])
        })
        router.add("DELETE", "/__admin/scenarios", APIRoute(appAccess: .master) { request in
            request.app.customRoutes.resetScenarios()
            return APIResponse(json: ["status": "ok"])
        })
    }
}
