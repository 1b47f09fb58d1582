import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin/engine` (master key): the app's engine, what it defines and the calls LCEmu made to
/// it, each with the id of the request that caused it; `POST /__admin/engine/reload` asks the
/// engine again what it defines (docs/cloud-code.md).
package enum EngineAdminRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/__admin/engine", APIRoute(appAccess: .master) { request in
            let client = try client(of: request)
            var body: JSONObject = ["url": .string(client.settings.url),
                                    "timeoutSeconds": client.settings.timeoutSeconds.map(JSON.number) ?? .null,
                                    // As last asked (never asked here: reading this calls nothing); null until the engine answered.
                                    "definitions": client.knownDefinitions.map { JSON.array($0.sorted().map(JSON.string)) } ?? .null]
            let calls = client.calls.calls(of: request.query("requestId")).map(\.json)
            body["calls"] = .array(calls)
            return APIResponse(json: .object(body))
        })
        router.add("POST", "/__admin/engine/reload", APIRoute(appAccess: .master) { request in
            let names = try client(of: request).reload()
            return APIResponse(json: ["status": "ok", "definitions": .array(names.sorted().map(JSON.string))])
        })
        router.add("DELETE", "/__admin/engine/calls", APIRoute(appAccess: .master) { request in
            try client(of: request).calls.clear()
            return APIResponse(json: ["status": "ok"])
        })
    }

    private static func client(of request: RequestContext<AppRuntime>) throws -> EngineClient {
        guard let client = request.app.engine as? EngineClient else {
            throw APIError(.invalidParameter("App \(request.app.configuration.appId) has no engine: start lcemu with --engine or give the app an \"engine\" in the config file."))
        }
        return client
    }
}
