import EmuData
import EmuRouting
import LCWire

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

    /// `GET /__files/<appId>/<key>` (and `GET /<key>`, EmuAPI/Pipeline/Routing/RootFiles.swift): the bytes with
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
