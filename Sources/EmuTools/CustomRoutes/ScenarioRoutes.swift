import EmuData
import EmuHTTP
import EmuRouting
import LCWire

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
