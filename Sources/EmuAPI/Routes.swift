import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

/// Every route of the emulator, in one table. Each feature folder registers its own routes.
enum Routes {
    static func make() -> Router<APIRoute> {
        var router = Router<APIRoute>()
        AdminRoutes.register(in: &router)
        AppsOnDemandRoutes.register(in: &router)
        ClockRoutes.register(in: &router)
        ObjectRoutes.register(in: &router)
        QueryRoutes.register(in: &router)
        ScanRoutes.register(in: &router)
        BatchRoutes.register(in: &router)
        FileRoutes.register(in: &router)
        OutboxRoutes.register(in: &router)
        CaptchaRoutes.register(in: &router)
        SMSRoutes.register(in: &router)
        UserSMSRoutes.register(in: &router)
        UserRoutes.register(in: &router)
        FriendshipRoutes.register(in: &router)
        StatusRoutes.register(in: &router)
        PushRoutes.register(in: &router)
        MessageRoutes.register(in: &router)
        WebLoginRoutes.register(in: &router)
        OAuthRoutes.register(in: &router)
        FunctionRoutes.register(in: &router)
        EngineAdminRoutes.register(in: &router)
        SchemaRoutes.register(in: &router)
        SnapshotRoutes.register(in: &router)
        AppDataRoutes.register(in: &router)
        ClassSchemaRoutes.register(in: &router)
        FaultRoutes.register(in: &router)
        CustomRouteAdminRoutes.register(in: &router)
        DashboardRoutes.register(in: &router)
        UserStateRoutes.register(in: &router)
        JournalRoutes.register(in: &router)
        return router
    }
}
