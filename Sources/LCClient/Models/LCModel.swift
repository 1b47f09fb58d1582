import Foundation

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
