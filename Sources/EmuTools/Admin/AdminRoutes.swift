import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
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

// MARK: - StorageHealth

/// `/__admin/health`: 200 `{"status":"ok"}` while every app's database is sound; 503
/// `{"status":"unhealthy","error":…}` once one is known damaged, so that `lcemu healthcheck` and
/// container orchestrators see what every request would meet. Damage is known from any
/// statement that met a damaged page (`DatabaseQueue.damageSeen`) and from a read of the
/// schema here, which costs microseconds; the full check runs once, at start (AppDatabase).
enum StorageHealth {
    static func response(_ request: RequestContext<AppRuntime?>) -> APIResponse {
        let apps = request.dispatcher?.servedApps ?? request.app.map { [$0] } ?? []
        let problems = apps.sorted { $0.configuration.appId < $1.configuration.appId }.compactMap(problem(of:))
        guard let first = problems.first else { return APIResponse(json: ["status": "ok"]) }
        return APIResponse(status: 503, json: ["status": "unhealthy", "error": .string(first)])
    }

    private static func problem(of app: AppRuntime) -> String? {
        let appId = app.configuration.appId
        do {
            _ = try app.database.read { db in try db.scalar("SELECT count(*) FROM sqlite_schema") }
        } catch let error as SQLiteError {
            // A full disk still serves reads: not a reason to restart the emulator.
            if let code = StorageFailure.code(for: error), !error.isDiskFull { return "app \(appId): \(code.message) (\(error.message))" }
        } catch {
            // Not storage (a queue closed during shutdown): the check below still applies.
        }
        guard let damage = app.database.damageSeen else { return nil }
        return "app \(appId): \(StorageFailure.damaged.message) (\(damage.message))"
    }
}
