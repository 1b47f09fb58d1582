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
        FriendshipHandlers.register(in: &router)
        WebLoginHandlers.register(in: &router)
        OAuthHandlers.register(in: &router)
        FunctionHandlers.register(in: &router)
        SchemaHandlers.register(in: &router)
        SnapshotHandlers.register(in: &router)
        FaultHandlers.register(in: &router)
        CustomRouteHandlers.register(in: &router)
        DashboardHandlers.register(in: &router)
        UserStateHandlers.register(in: &router)
        JournalHandlers.register(in: &router)
        return router
    }
}
