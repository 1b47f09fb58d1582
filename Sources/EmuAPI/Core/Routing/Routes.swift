import EmuHTTP

/// Every route of the emulator, in one table. Each endpoint family adds its own routes.
enum Routes {
    static func make() -> Router<APIRoute> {
        var router = Router<APIRoute>()
        AdminHandlers.register(in: &router)
        DateHandlers.register(in: &router)
        ObjectHandlers.register(in: &router)
        QueryHandlers.register(in: &router)
        BatchHandlers.register(in: &router)
        FileHandlers.register(in: &router)
        MessageHandlers.register(in: &router)
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
