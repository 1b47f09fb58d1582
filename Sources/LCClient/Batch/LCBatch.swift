import Foundation
import LCWire

/// Many requests in one round trip (spec §4): saving and deleting several objects at once.
///
/// ```swift
/// try await LCBatch.save(&posts, in: app)      // POST /1.1/batch/save
/// try await LCBatch.delete(posts, in: app)     // POST /1.1/batch
/// ```
public enum LCBatch {
    /// One sub-request of `POST /1.1/batch`.
    public struct Request: Sendable {
        public var method: String
        /// The path with its `/1.1` prefix.
        public var path: String
        public var body: JSON?
        public var params: JSONObject?

        public init(method: String, path: String, body: JSON? = nil, params: JSONObject? = nil) {
            self.method = method
            self.path = path
            self.body = body
            self.params = params
        }

        var json: JSON {
            var object = JSONObject([("method", .string(method)), ("path", .string(path))])
            if let body { object["body"] = body }
            if let params { object["params"] = .object(params) }
            return .object(object)
        }
    }

    /// `POST /1.1/batch`: every sub-request's answer, in order (a 200 does not mean each succeeded).
    public static func send(_ requests: [Request], in app: LCApplication, options: LCRequestOptions = .default) async throws -> [Result<JSON, LCError>] {
        let answer = try await app.request("POST", "/1.1/batch", body: ["requests": .array(requests.map(\.json))], options: options)
        guard let items = answer.arrayValue, items.count == requests.count else {
            throw LCError(code: .invalidResponse, message: "A batch answer must be an array of \(requests.count) items.", httpStatus: 200)
        }
        return items.map { item in
            if let success = item["success"] { return .success(success) }
            return .failure(LCError(status: item["error"]?["code"]?.intValue ?? 400, body: item["error"]))
        }
    }

    /// Saves every object with its changes in one `POST /1.1/batch/save` (one transaction on
    /// LCEmu for `/classes` writes); objects get their objectId and dates.
    public static func save(_ objects: inout [LCObject], in app: LCApplication, options: LCRequestOptions = .default) async throws {
        var internalIds: [String] = []
        var requests: [JSON] = []
        for object in objects {
            let internalId = object.objectId ?? UUID().uuidString.lowercased()
            internalIds.append(internalId)
            var body = object.changes
            body["__internalId"] = .string(internalId)
            var request = JSONObject([("method", .string(object.objectId == nil ? "POST" : "PUT"))])
            request["path"] = .string(object.objectId.map { LCPaths.objectPath(object.className, $0) } ?? LCPaths.classPath(object.className))
            if object.objectId == nil { request["new"] = true }
            request["body"] = .object(body)
            requests.append(.object(request))
        }
        let answer = try await app.request("POST", "/1.1/batch/save", body: ["requests": .array(requests)], options: options)
        for index in objects.indices {
            let saved = answer[internalIds[index]]?.objectValue ?? JSONObject()
            objects[index].acceptSaved(changes: objects[index].changes, answer: saved)
        }
    }

    /// Deletes every object in one `POST /1.1/batch`; throws the first item's error, if any.
    public static func delete(_ objects: [LCObject], in app: LCApplication, options: LCRequestOptions = .default) async throws {
        let requests = try objects.map { object -> Request in
            guard let objectId = object.objectId else { throw LCError(code: .missingObjectId, message: "An object has no objectId.") }
            return Request(method: "DELETE", path: LCPaths.objectPath(object.className, objectId))
        }
        for result in try await send(requests, in: app, options: options) {
            if case .failure(let error) = result { throw error }
        }
    }
}

// MARK: - Typed models in one batch

extension LCApplication {
    /// Saves typed models in one `batch/save` and answers them with their ids and dates.
    public func saveAll<Model: LCModel>(_ models: [Model], options: LCRequestOptions = .default) async throws -> [Model] {
        var objects = try models.map { try $0.lcObject() }
        try await LCBatch.save(&objects, in: self, options: options)
        return try objects.map { try $0.decode(as: Model.self) }
    }

    /// Deletes typed models in one `batch`.
    public func deleteAll<Model: LCModel>(_ models: [Model], options: LCRequestOptions = .default) async throws {
        try await LCBatch.delete(models.map { try $0.lcObject() }, in: self, options: options)
    }
}
