import EmuCrypto
import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `POST /__admin/apps` and `DELETE /__admin/apps/<id>` (docs/testing.md, issue 31): a test
/// names a fresh app and gets one of its own on the running server, empty or seeded like the
/// template whose master key it sends, so tests in any language can run in parallel on one
/// server. The app lives in memory, starts from the process's `SeedImageCache` (no seed is
/// imported again), copies the template's options, and is dropped by `DELETE` or at shutdown.
package enum AppsOnDemandRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/__admin/apps", APIRoute(appAccess: .master) { request in
            guard let directory = request.dispatcher?.appDirectory else { throw APIError(.internalServerError(requestId: request.requestId)) }
            let body = try request.jsonObjectBody()
            let app = try make(from: request.app, body: body)
            switch directory.add(onDemand: app) {
            case .added:
                let configuration = app.configuration
                return APIResponse(status: 201, json: ["appId": .string(configuration.appId), "appKey": .string(configuration.appKey),
                                                       "masterKey": .string(configuration.masterKey)])
            case .taken:
                try? app.database.close()
                throw APIError(.appIdTaken)
            case .full:
                try? app.database.close()
                throw APIError(.tooManyAppsOnDemand)
            }
        })
        router.add("DELETE", "/__admin/apps/:appId", APIRoute(appAccess: .master) { request in
            guard let directory = request.dispatcher?.appDirectory else { throw APIError(.internalServerError(requestId: request.requestId)) }
            let id = request.parameter("appId")
            let caller = request.app.configuration.appId
            // The app's own master key, or a configured app's: another test's app cannot drop it.
            guard caller == id || !directory.isOnDemand(caller) else { throw APIError(.unknownAppOnDemand) }
            guard let app = directory.remove(onDemand: id) else { throw APIError(.unknownAppOnDemand) }
            _ = app.journal.clear(visibleTo: id)
            app.dashboardLive.endAll()
            // Waits for the reads and writes under way; the requests that still hold the app
            // then answer the 410 of a closed database (`StorageFailure.closed`).
            try? app.database.close()
            return APIResponse(json: ["status": "ok"])
        })
    }

    /// A new in-memory app as `POST` asks: the template's options, fresh keys, the template's seed or none.
    static func make(from template: AppRuntime, body: JSONObject) throws -> AppRuntime {
        let id: String
        switch body["appId"] {
        case nil, .null?: id = "app-" + random(16)
        case .string(let given)?: id = given
        default: throw APIError(.invalidParameter("appId must be a string."))
        }
        do { try AppConfiguration.validate(appId: id) } catch {
            throw APIError(.invalidParameter("Invalid appId: \(error)."))
        }
        let seeded: Bool
        switch body["seeded"] {
        case nil, .null?: seeded = false
        case .bool(let value)?: seeded = value
        default: throw APIError(.invalidParameter("seeded must be true or false."))
        }
        return try make(AppConfiguration(appId: id, appKey: random(24), masterKey: random(24), options: template.configuration.options),
                        seeded: seeded, from: template)
    }

    /// The app of an id of the opt-in prefix (`OnDemandPrefix`): the template's keys and
    /// options, so a client of the template only changes its app id.
    package static func prefixed(_ id: String, from template: AppRuntime, seeded: Bool) throws -> AppRuntime {
        let keys = template.configuration
        return try make(AppConfiguration(appId: id, appKey: keys.appKey, masterKey: keys.masterKey, options: keys.options),
                        seeded: seeded, from: template)
    }

    /// An in-memory app of `configuration`, from the process's image of the template's seed (or of none).
    private static func make(_ configuration: AppConfiguration, seeded: Bool, from template: AppRuntime) throws -> AppRuntime {
        let seed = seeded ? template.seed : SeedData()
        let database = try AppDatabase.open(appId: configuration.appId, dataDirectory: ":memory:",
                                             image: SeedImageCache.image(for: seed))
        let app = AppRuntime(configuration: configuration, database: database, clock: template.clock,
                             journal: template.journal, seed: seed, server: template.server)
        do { _ = try app.startSeed(reseed: false) } catch {
            try? database.close()
            throw error
        }
        return app
    }

    private static func random(_ length: Int) -> String {
        SecureRandom.string(length: length, alphabet: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    }
}

extension LCErrorCode {
    /// `POST /__admin/apps` with an id a served app has.
    static let appIdTaken = LCErrorCode(code: 1, message: "An app with this appId is served already.", httpStatus: 409)
    /// `DELETE /__admin/apps/<appId>` of an id that names no app made on demand (or not the caller's).
    static let unknownAppOnDemand = LCErrorCode(code: 1, message: "No app made on demand has this appId.", httpStatus: 404)
}
