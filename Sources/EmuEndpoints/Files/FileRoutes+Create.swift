import EmuData
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

extension FileRoutes {
    /// `POST /1.1/files` with JSON: an external file `{"name","url",…}` (spec §8.1), or inline
    /// bytes `{"base64",…}`. 201 `{objectId, createdAt}` with `Location`, like an object create.
    static func createFromJSON(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let record = try create(from: request.jsonObjectBody(), pathName: nil, request)
        return created(record, request, body: [
            LCFieldName.objectId: .string(record.objectId), LCFieldName.createdAt: .string(record.createdAt.iso),
        ])
    }

    /// `POST /1.1/files/<name>`: the older direct form. A JSON body with `url` or `base64` is read
    /// as above (the Python SDK's external and US-region uploads); any other body is the file's
    /// bytes, typed by `Content-Type`. 201 `{objectId, createdAt, name, url, size}`.
    static func createNamed(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let name = request.parameter("objectId")
        let record: ObjectRecord
        if let body = jsonFileBody(request) {
            record = try create(from: body, pathName: name, request)
        } else {
            let sent = request.http.headers["Content-Type"] ?? ""
            record = try store(request.http.body, name: name, mimeType: sent.isEmpty ? nil : sent,
                               draft: FileDraft(body: JSONObject()), request)
        }
        let size = record.fields["metaData"]?["size"] ?? 0
        return created(record, request, body: [
            LCFieldName.objectId: .string(record.objectId), LCFieldName.createdAt: .string(record.createdAt.iso),
            "name": record.fields["name"] ?? .null, "url": record.fields["url"] ?? .null, "size": size,
        ])
    }

    /// A JSON object body that describes a file, or nil when the body is the file itself.
    private static func jsonFileBody(_ request: RequestContext<AppRuntime>) -> JSONObject? {
        let type = request.http.headers["Content-Type"]?.lowercased() ?? ""
        guard type.hasPrefix("application/json"), let object = try? request.jsonObjectBody(),
              object["url"]?.stringValue != nil || object["base64"]?.stringValue != nil
        else { return nil }
        return object
    }

    private static func create(from body: JSONObject, pathName: String?, _ request: RequestContext<AppRuntime>) throws -> ObjectRecord {
        let draft = try FileDraft(body: body)
        if let url = body["url"]?.stringValue, !url.isEmpty {
            return try storeExternal(url: url, name: pathName ?? draft.name, draft: draft, request)
        }
        if let base64 = body["base64"]?.stringValue {
            guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
                throw APIError(.malformedFile("\"base64\" is not base64"))
            }
            // The Python SDK names the type `_ContentType` as well as `mime_type`.
            let mimeType = draft.mimeType ?? body["_ContentType"]?.stringValue
            return try store([UInt8](data), name: pathName ?? draft.name ?? "file", mimeType: mimeType, draft: draft, request)
        }
        throw APIError(.malformedFile("a file needs \"url\" or \"base64\""))
    }

    /// A `_File` pointing at someone else's URL: no bytes here. `metaData.__source` says so.
    private static func storeExternal(url: String, name: String?, draft: FileDraft, _ request: RequestContext<AppRuntime>) throws -> ObjectRecord {
        let app = request.app
        let name = name ?? URL(string: url)?.lastPathComponent.nonEmpty ?? "file"
        var extras: JSONObject = [:]
        if draft.metaData["__source"] == nil { extras["__source"] = "external" }
        if draft.metaData["size"] == nil { extras["size"] = 0 }
        let record = draft.record(objectId: newObjectId(app.clock.now), now: app.clock.now, name: name, url: url,
                                  mimeType: draft.mimeType ?? FileMIMEType.guess(name: name), storage: nil, metaExtras: extras)
        try app.database.write { db in try ObjectStore.insert(record, in: db) }
        return record
    }

    /// A `_File` with its bytes, stored at once.
    static func store(_ bytes: [UInt8], name: String, mimeType: String?, draft: FileDraft, _ request: RequestContext<AppRuntime>) throws -> ObjectRecord {
        let app = request.app
        let now = app.clock.now
        let key = FileKey.generate(name: name, keepFileName: false)
        let type = mimeType ?? FileMIMEType.guess(name: name)
        let record = draft.record(objectId: newObjectId(now), now: now, name: name,
                                  url: request.fileURL(appId: app.configuration.appId, key: key), mimeType: type,
                                  storage: (key, bytes.count))
        try app.database.write { db in
            try ObjectStore.insert(record, in: db)
            try FileStore.saveBlob(key: key, fileId: record.objectId, FileStore.Blob(contentType: type, bytes: bytes), in: db)
        }
        return record
    }

    /// 201 with `Location: <base>/1.1/files/<id>` (spec §1.5).
    private static func created(_ record: ObjectRecord, _ request: RequestContext<AppRuntime>, body: JSONObject) -> APIResponse {
        var response = APIResponse(status: 201, json: .object(body))
        response.headers.add("Location", "\(request.baseURL)/1.1/files/\(record.objectId)")
        return response
    }
}

private extension String {
    var nonEmpty: String? { isEmpty || self == "/" ? nil : self }
}
