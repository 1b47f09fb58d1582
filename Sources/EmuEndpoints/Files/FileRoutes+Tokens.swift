import EmuCrypto
import EmuData
import EmuRouting
import LCWire
import Primitives

extension FileRoutes {
    /// `POST /1.1/fileTokens`: creates the `_File` and answers where to upload its bytes.
    static func createToken(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let body = try request.jsonObjectBody()
        let draft = try FileDraft(body: body)
        let key = try chosenKey(body, request) ?? FileKey.generate(
            name: draft.name ?? "", keepFileName: body["keep_file_name"]?.boolValue == true)
        let name = draft.name ?? key
        let mimeType = draft.mimeType ?? FileMIMEType.guess(name: name)
        let now = app.clock.now
        let objectId = newObjectId(now)
        let token = SecureRandom.string(length: 40, alphabet: "0123456789abcdefghijklmnopqrstuvwxyz")
        let url = request.fileURL(appId: app.configuration.appId, key: key)
        // The size the client announced stays until the bytes arrive and give the real one.
        let record = draft.record(objectId: objectId, now: now, name: name, url: url, mimeType: mimeType,
                                  storage: (key, nil))
        let upload = FileStore.Upload(token: token, fileId: objectId, key: key,
                                      expiresAt: now.millisecondsSince1970 + uploadTokenLifetimeMilliseconds, uploaded: false)
        try app.database.write { db in
            if try FileStore.keyExists(key, in: db) { throw APIError(.duplicateValue) }
            try ObjectStore.insert(record, in: db)
            try FileStore.insertUpload(upload, in: db)
        }
        return APIResponse(json: [
            LCFieldName.objectId: .string(objectId), LCFieldName.createdAt: .string(now.iso),
            "token": .string(token), "url": .string(url), "mime_type": .string(mimeType),
            "provider": .string(provider), "upload_url": .string(request.uploadURL(appId: app.configuration.appId, token: token)),
            "key": .string(key), "bucket": .string(bucket),
        ])
    }

    /// A `key` from the body: master key only, and it must be usable as a URL path.
    private static func chosenKey(_ body: JSONObject, _ request: RequestContext<AppRuntime>) throws -> String? {
        guard let value = body["key"], !value.isNull else { return nil }
        guard request.isMaster else { throw APIError(.fileKeyNeedsMaster) }
        guard let key = value.stringValue, FileKey.isValid(key) else { throw APIError(.invalidFileKey) }
        return key
    }

    /// `PUT /__files/upload/<appId>/<token>`, the S3-style upload: no keys, the token is the
    /// credential; it works once and until it expires. Answers 200 with an `ETag`, as S3 does.
    static func upload(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let token = request.parameter("token")
        let bytes = request.http.body
        let now = app.clock.nowMilliseconds
        try app.database.write { db in
            guard let upload = try FileStore.upload(token: token, in: db), !upload.uploaded, upload.expiresAt > now,
                  let file = try ObjectStore.fetch(className: LCClassName.file, objectId: upload.fileId, in: db)
            else { throw APIError(.invalidUploadToken) }
            let sent = request.http.headers["Content-Type"] ?? ""
            let contentType = sent.isEmpty ? file.fields["mime_type"]?.stringValue ?? FileMIMEType.fallback : sent
            try FileStore.saveBlob(key: upload.key, fileId: upload.fileId,
                                   FileStore.Blob(contentType: contentType, bytes: bytes), in: db)
            try FileStore.markUploaded(token: token, in: db)
            try FileStore.setSize(bytes.count, fileId: upload.fileId, in: db)
        }
        var response = APIResponse(status: 200, contentType: "", body: [])
        response.headers = ["ETag": "\"\(MD5.hex(bytes))\""]
        return response
    }

    /// `POST /1.1/fileCallback {"token","result"}`: the client reports the upload's outcome;
    /// `result: false` deletes the pending file. The token is spent either way.
    static func callback(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let body = try request.jsonObjectBody()
        guard let token = body["token"]?.stringValue else { throw APIError(.malformedFile("\"token\" is missing")) }
        let succeeded = body["result"]?.boolValue ?? true
        try app.database.write { db in
            guard let upload = try FileStore.upload(token: token, in: db) else { throw APIError(.unknownFileToken) }
            if succeeded {
                try FileStore.deleteUpload(token: token, in: db)
            } else {
                try FileStore.deleteFile(id: upload.fileId, in: db)
            }
        }
        return APIResponse(json: .object(JSONObject()))
    }
}
