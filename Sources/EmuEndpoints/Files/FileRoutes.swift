import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// Files (spec §8.1, §2.7): `_File` objects whose bytes the emulator stores and serves itself,
/// playing both LeanCloud and the S3 bucket the SDKs upload to.
///
/// ```
/// POST /1.1/fileTokens {"name":"a.png","mime_type":"image/png"}  → {"objectId","token","upload_url","url",…}
/// PUT  <upload_url>   (raw bytes)                                 → 200
/// POST /1.1/fileCallback {"token":"…","result":true}              → {}
/// GET  <url>                                                      → the bytes, as image/png
/// ```
package enum FileRoutes {
    /// The provider the SDKs are told to upload to: `s3` means "PUT the bytes to `upload_url`".
    static let provider = "s3"
    static let bucket = "lcemu"
    /// How long an upload URL stays valid (emulator clock).
    static let uploadTokenLifetimeMilliseconds: Int64 = 3_600_000

    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/1.1/fileTokens", APIRoute(appAccess: .app) { try createToken($0) })
        router.add("POST", "/1.1/fileCallback", APIRoute(appAccess: .app) { try callback($0) })
        router.add("PUT", "/__files/upload/:appId/:token",
                   APIRoute(appAccess: .appInPath(parameter: "appId")) { try upload($0) })
        router.add("GET", "/__files/:appId/*key",
                   APIRoute(appAccess: .appInPath(parameter: "appId"), work: .slow) { try serve($0) })
        router.add("POST", "/1.1/files", APIRoute(appAccess: .app) { try createFromJSON($0) })
        // The router keeps one capture name per position, so the POST's file name is `objectId` too.
        router.add("POST", "/1.1/files/:objectId", APIRoute(appAccess: .app) { try createNamed($0) })
        router.add("GET", "/1.1/files/:objectId", APIRoute(appAccess: .app) { try fetch($0) })
        router.add("DELETE", "/1.1/files/:objectId", APIRoute(appAccess: .app) { try delete($0) })
    }

    /// A new objectId stamped with the emulator clock.
    static func newObjectId(_ now: LCDate) -> String {
        ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000)
    }
}

// MARK: - Fetch, delete, serve

extension FileRoutes {
    /// `GET /1.1/files/<id>`: the `_File` object (read form, spec §2.7). Like any fetch (§2.4):
    /// an unknown id answers `{}`, and 404/101 only before the first file exists; the class
    /// permission `get` and the file's ACL apply (docs/access-control.md).
    static func fetch(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let objectId = request.parameter("objectId")
        let access = request.access
        return try app.database.read { db in
            try access.require(.get, on: LCClassName.file, in: db)
            if let record = try ObjectStore.fetch(className: LCClassName.file, objectId: objectId, in: db) {
                try access.requireRead(record, in: db)
                return APIResponse(json: .object(record.json()))
            }
            guard try ObjectStore.classExists(LCClassName.file, in: db) else { throw APIError(.objectNotFound) }
            return APIResponse(json: .object(JSONObject()))
        }
    }

    /// `DELETE /1.1/files/<id>` → `{}`, bytes included. Master key only: LeanCloud turns off
    /// `_File`'s delete permission by default. Deleting an unknown id also answers `{}`.
    static func delete(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        guard request.isMaster else { throw APIError(.fileDeleteForbidden) }
        let app = request.app
        let objectId = request.parameter("objectId")
        try app.database.write { db in try FileStore.deleteFile(id: objectId, in: db) }
        return APIResponse(json: .object(JSONObject()))
    }

    /// `GET /__files/<appId>/<key>` (and `GET /<key>`, EmuAPI/Pipeline/Routing/RoutingStage.swift): the bytes with
    /// their stored type, without keys, like a CDN URL. Query strings (thumbnail parameters
    /// `?imageView/…`) are ignored: the original is served. Never as active content on this
    /// origin: FileServingHeaders.swift.
    static func serve(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let key = request.parameter("key")
        guard let blob = try app.database.read({ db in try FileStore.blob(key: key, in: db) }) else {
            throw APIError(.routeNotFound)
        }
        var response = APIResponse(status: 200, contentType: blob.contentType, body: blob.bytes)
        // The HTTP encoder writes it anyway; set here, in-process callers see it too.
        response.headers.set("Content-Length", String(blob.bytes.count))
        FileServingHeaders.apply(to: &response.headers, contentType: blob.contentType)
        return response
    }
}
