import Foundation
import LCWire

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
