import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin/snapshots` (master key): save the app's data under a name and go back to it.
package enum SnapshotRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("PUT", "/__admin/snapshots/:name", APIRoute(appAccess: .master) { request in
            let app = request.app
            _ = try request.jsonObjectBody()  // none, or `{}`: nothing to say yet, but no junk either
            let name = try validName(request)
            guard try app.takeSnapshot(named: name) else {
                throw APIError(.invalidParameter("At most \(Snapshots.capacity) snapshots per app: delete one first."))
            }
            return APIResponse(json: try describe(name, app))
        })
        router.add("POST", "/__admin/snapshots/:name/restore", APIRoute(appAccess: .master) { request in
            let app = request.app
            _ = try request.jsonObjectBody()
            let name = request.parameter("name")
            guard try app.restoreSnapshot(named: name) else { throw APIError(.noSuchSnapshot(name)) }
            return APIResponse(json: try describe(name, app))
        })
        router.add("GET", "/__admin/snapshots", APIRoute(appAccess: .master) { request in
            let app = request.app
            return APIResponse(json: ["results": .array(try app.snapshots.all.map { try describe($0.name, app) })])
        })
        router.add("DELETE", "/__admin/snapshots/:name", APIRoute(appAccess: .master) { request in
            let removed = request.app.snapshots.remove(request.parameter("name"))
            return APIResponse(json: ["status": "ok", "deleted": JSON(removed ? 1 : 0)])
        })
    }

    private static func validName(_ request: RequestContext<AppRuntime>) throws -> String {
        let name = request.parameter("name")
        guard !name.isEmpty, name.utf8.count <= 128 else { throw APIError(.invalidParameter("A snapshot name has 1 to 128 bytes.")) }
        return name
    }

    private static func describe(_ name: String, _ app: AppRuntime) throws -> JSON {
        guard let snapshot = app.snapshots.snapshot(named: name) else { throw APIError(.noSuchSnapshot(name)) }
        return ["name": .string(name), "takenAt": .string(snapshot.takenAt.iso), "objects": JSON(snapshot.objectCount)]
    }
}

extension LCErrorCode {
    static func noSuchSnapshot(_ name: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: "No snapshot named '\(name)'.", httpStatus: 404)
    }
}
