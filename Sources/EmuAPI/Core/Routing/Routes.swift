import EmuHTTP
import LCWire

/// Every route of the emulator, in one table. Each feature folder registers its own routes.
enum Routes {
    static func make() -> Router<APIRoute> {
        var router = Router<APIRoute>()
        AdminHandlers.register(in: &router)
        ClockHandlers.register(in: &router)
        ObjectHandlers.register(in: &router)
        QueryHandlers.register(in: &router)
        BatchHandlers.register(in: &router)
        FileHandlers.register(in: &router)
        OutboxHandlers.register(in: &router)
        CaptchaHandlers.register(in: &router)
        SMSHandlers.register(in: &router)
        UserSMSHandlers.register(in: &router)
        UserHandlers.register(in: &router)
        WebLoginHandlers.register(in: &router)
        OAuthHandlers.register(in: &router)
        FunctionHandlers.register(in: &router)
        SchemaHandlers.register(in: &router)
        SnapshotHandlers.register(in: &router)
        FaultHandlers.register(in: &router)
        return router
    }
}

/// `/__admin`: what tests and orchestration need beyond the LeanCloud API.
enum AdminHandlers {
    static func register(in router: inout Router<APIRoute>) {
        // Open on purpose: container health checks carry no keys.
        router.add("GET", "/__admin/health", APIRoute(access: .open) { _ in
            APIResponse(json: ["status": "ok"])
        })
        router.add("POST", "/__admin/reset", APIRoute(access: .master, execution: .pooled) { request in
            try request.requiredApp.reset()
            return APIResponse(json: ["status": "ok"])
        })
    }
}
