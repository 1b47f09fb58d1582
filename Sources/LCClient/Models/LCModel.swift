import Foundation
import LCWire

/// A `Codable` Swift type stored as objects of one LeanCloud class, with an explicit mapping
/// from property names to field names (the job Mantle's `JSONKeyPathsByPropertyKey` did).
///
/// ```swift
/// struct Post: LCModel {
///     static let className = "Post"
///     static let fieldNames = ["postId": "objectId", "body": "content"]
///     var postId: String?
///     var title: String
///     var body: String?
///     var createdAt: Date?
///     var author: LCPointer?
/// }
/// let saved = try await app.save(Post(title: "Hello"))   // saved.postId is set
/// ```
///
/// Foundation `Date` properties read `createdAt`-style strings and `{"__type":"Date"}` values
/// and are written as Date values; `Data` is written as Bytes. Pointers, files, geopoints,
/// relations and ACLs have Codable types (`LCPointer`, `LCFile`, `LCGeoPoint`, `LCRelation`,
/// `LCACL`). The property mapped to `objectId` tells new objects (nil) from existing ones.
public protocol LCModel: Codable, Sendable {
    /// The LeanCloud class.
    static var className: String { get }
    /// Property name → field name, for the properties whose names differ on the wire.
    static var fieldNames: [String: String] { get }
}

extension LCModel {
    public static var fieldNames: [String: String] { [:] }

    /// The property that holds `objectId` (mapped, else `objectId`).
    static var objectIdProperty: String {
        fieldNames.first { $0.value == "objectId" }?.key ?? "objectId"
    }

    /// The model as a dynamic object (fields mapped; server-managed fields left out).
    public func lcObject() throws -> LCObject {
        let fields = try LCModelCoder.encode(self)
        var object = LCObject(className: Self.className, objectId: fields["objectId"]?.stringValue)
        for (key, value) in fields where !["objectId", "createdAt", "updatedAt"].contains(key) {
            // The read form of a relation is not writable: members change through operations.
            if value["__type"]?.stringValue == "Relation" { continue }
            object.set(key, value)
        }
        return object
    }
}

extension LCObject {
    /// Decodes the object (server data, then unsaved plain values) as a typed model.
    public func decode<Model: LCModel>(as type: Model.Type) throws -> Model {
        var fields = serverData
        for (key, value) in changes where value["__op"] == nil { fields[key] = value }
        if let objectId { fields["objectId"] = .string(objectId) }
        if let createdAt { fields["createdAt"] = .string(LCDate(createdAt).iso) }
        if let updatedAt { fields["updatedAt"] = .string(LCDate(updatedAt).iso) }
        return try LCModelCoder.decode(type, from: fields)
    }
}

// MARK: - Saving, fetching and querying typed models

extension LCApplication {
    /// Creates or updates a typed model and answers it with the server's objectId and dates.
    public func save<Model: LCModel>(_ model: Model, fetchWhenSave: Bool = false, options: LCRequestOptions = .default) async throws -> Model {
        var object = try model.lcObject()
        try await object.save(in: self, fetchWhenSave: fetchWhenSave, options: options)
        return try object.decode(as: Model.self)
    }

    /// Fetches a typed model by id (`.objectNotFound` when it does not exist).
    public func fetch<Model: LCModel>(_ type: Model.Type, id: String, include: [String] = [], options: LCRequestOptions = .default) async throws -> Model {
        try await LCObject.get(className: Model.className, objectId: id, include: include, in: self, options: options)
            .decode(as: Model.self)
    }

    /// Deletes a typed model.
    public func delete<Model: LCModel>(_ model: Model, options: LCRequestOptions = .default) async throws {
        try await model.lcObject().delete(in: self, options: options)
    }

    /// Applies atomic operations to a saved model (counters, arrays, relations) and answers the
    /// model re-read with the new values.
    public func update<Model: LCModel>(_ model: Model, _ operations: [String: LCOperation], options: LCRequestOptions = .default) async throws -> Model {
        let template = try model.lcObject()
        guard let objectId = template.objectId else { throw LCError(code: .missingObjectId, message: "The model is not saved.") }
        var object = LCObject(className: Model.className, objectId: objectId)
        for key in operations.keys.sorted() { object.apply(operations[key]!, to: key) }
        try await object.save(in: self, options: options)
        return try await fetch(Model.self, id: objectId, options: options)
    }

    /// The results of `query` as typed models.
    public func find<Model: LCModel>(_ query: LCQuery, as type: Model.Type, options: LCRequestOptions = .default) async throws -> [Model] {
        try await query.find(in: self, options: options).map { try $0.decode(as: Model.self) }
    }
}
