import Foundation
import LCWire

/// A `_File`: its id, name, URL and type. Upload with `LCFile.upload`, reference it from an
/// object field (`post.set("cover", file)`), download with `download(in:)`.
public struct LCFile: Sendable, Equatable, Codable, LCValueConvertible {
    public var objectId: String?
    public var name: String?
    /// Where the bytes are served.
    public var url: String?
    public var mimeType: String?
    /// The storage key.
    public var key: String?
    /// `metaData.size`, in bytes.
    public var size: Int?

    public init(objectId: String? = nil, name: String? = nil, url: String? = nil, mimeType: String? = nil, key: String? = nil, size: Int? = nil) {
        self.objectId = objectId
        self.name = name
        self.url = url
        self.mimeType = mimeType
        self.key = key
        self.size = size
    }

    /// Reads the File read form, a `_File` object, or a Pointer to `_File`.
    public init(json: JSONObject) {
        objectId = json["objectId"]?.stringValue ?? json["id"]?.stringValue
        name = json["name"]?.stringValue
        url = json["url"]?.stringValue
        mimeType = json["mime_type"]?.stringValue
        key = json["key"]?.stringValue
        size = json["metaData"]?["size"]?.intValue ?? json["size"]?.intValue
    }

    /// The write form `{"__type":"File","id":…}` (spec §2.7).
    public var lcJSON: JSON {
        [LCWireKey.type: "File", LCWireKey.id: objectId.map(JSON.string) ?? .null]
    }

    private enum CodingKeys: String, CodingKey {
        case type = "__type", id, objectId, name, url, mimeType = "mime_type", key, metaData, size
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        objectId = try container.decodeIfPresent(String.self, forKey: .objectId) ?? container.decodeIfPresent(String.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        url = try container.decodeIfPresent(String.self, forKey: .url)
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType)
        key = try container.decodeIfPresent(String.self, forKey: .key)
        if container.contains(.metaData) {
            let meta = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .metaData)
            size = try? meta.decodeIfPresent(Int.self, forKey: .size)
        }
    }

    /// Encodes the write form, so a model property of type `LCFile` saves as a file reference.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("File", forKey: .type)
        try container.encodeIfPresent(objectId, forKey: .id)
    }
}

// MARK: - Upload and download

extension LCFile {
    /// Uploads bytes the way the SDKs do (spec §8.1): `POST /1.1/fileTokens`, then the bytes to
    /// the answered `upload_url` (an S3-style PUT), then `POST /1.1/fileCallback` with the outcome.
    public static func upload(
        _ data: Data, name: String, mimeType: String = "application/octet-stream",
        in app: LCApplication, options: LCRequestOptions = .default
    ) async throws -> LCFile {
        let owner = app.currentUser?.objectId ?? "unknown"
        let metaData: JSON = [
            "size": .number(Double(data.count)), "owner": .string(owner),
            "_checksum": .string(MD5.hex(data)),
        ]
        let token = try await app.request("POST", "/1.1/fileTokens", body: [
            "name": .string(name), "mime_type": .string(mimeType), "metaData": metaData,
        ], options: options)
        guard let uploadText = token["upload_url"]?.stringValue, let uploadURL = URL(string: uploadText),
              let uploadToken = token["token"]?.stringValue else {
            throw LCError(code: .invalidResponse, message: "fileTokens answered without upload_url or token.", httpStatus: 200)
        }
        let upload = LCHTTPRequest(method: "PUT", url: uploadURL, headers: [
            "Content-Type": mimeType, "Cache-Control": "public, max-age=31536000",
        ], body: data, timeout: options.timeout ?? app.timeout)
        let uploaded: Bool
        do {
            uploaded = (200..<300).contains(try await app.send(upload).status)
        } catch {
            _ = try? await app.request("POST", "/1.1/fileCallback", body: ["token": .string(uploadToken), "result": false])
            throw error
        }
        _ = try await app.request("POST", "/1.1/fileCallback", body: ["token": .string(uploadToken), "result": .bool(uploaded)], options: options)
        guard uploaded else { throw LCError(code: 130, message: "The upload of \(name) failed.") }
        var file = LCFile(json: token.objectValue ?? JSONObject())
        file.name = name
        file.mimeType = mimeType
        file.size = data.count
        return file
    }

    /// The file's bytes, from its `url` (no LeanCloud headers: it is a CDN-style URL).
    public func download(in app: LCApplication, timeout: TimeInterval? = nil) async throws -> Data {
        guard let url = url.flatMap(URL.init(string:)) else {
            throw LCError(code: .invalidResponse, message: "The file has no URL.")
        }
        let response = try await app.send(LCHTTPRequest(method: "GET", url: url, timeout: timeout ?? app.timeout))
        guard (200..<300).contains(response.status) else {
            throw LCError(status: response.status, body: try? JSONParser.parse([UInt8](response.body)))
        }
        return response.body
    }

    /// Reads a `_File` by id.
    public static func get(_ objectId: String, in app: LCApplication, options: LCRequestOptions = .default) async throws -> LCFile {
        let answer = try await app.request("GET", "/1.1/files/" + objectId, options: options)
        guard let object = answer.objectValue, !object.isEmpty else { throw LCError(code: .objectNotFound, message: "File not found.", httpStatus: 200) }
        return LCFile(json: object)
    }

    /// Deletes the file (LeanCloud closes `_File` deletes to clients: use the master key).
    public func delete(in app: LCApplication, options: LCRequestOptions = .master) async throws {
        guard let objectId else { throw LCError(code: .missingObjectId, message: "The file has no objectId.") }
        _ = try await app.request("DELETE", "/1.1/files/" + objectId, options: options)
    }
}
