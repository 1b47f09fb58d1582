import Foundation
import LCWire

/// A field value read back with its LeanCloud type recognised: every `__type` of spec §2.7.
public enum LCValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([LCValue])
    /// A plain JSON object (no `__type`).
    case dictionary(JSONObject)
    case date(Date)
    case bytes(Data)
    case pointer(LCPointer)
    /// The read form of a relation field: the class of its members.
    case relation(LCRelation)
    case file(LCFile)
    case geoPoint(LCGeoPoint)
    /// A whole object (`__type: Object`, or an included pointer that carries fields).
    case object(LCObject)

    /// Recognises `json`'s LeanCloud type.
    public init(json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(LCValue.init(json:)))
        case .object(let object): self = LCValue.typed(object) ?? .dictionary(object)
        }
    }

    private static func typed(_ object: JSONObject) -> LCValue? {
        switch object[LCWireKey.type]?.stringValue {
        case "Date": return LCDate(json: .object(object)).map { .date($0.date) }
        case "Bytes": return object[LCWireKey.base64]?.stringValue.flatMap { Data(base64Encoded: $0) }.map { .bytes($0) }
        case "GeoPoint": return LCGeoPoint(json: .object(object)).map { .geoPoint($0) }
        case "Relation": return object[LCWireKey.className]?.stringValue.map { .relation(LCRelation(className: $0)) }
        case "File": return .file(LCFile(json: object))
        case "Pointer", "Object":
            guard let className = object[LCWireKey.className]?.stringValue,
                  let objectId = object[LCWireKey.objectId]?.stringValue else { return nil }
            if className == LCClassName.file, object[LCWireKey.url] != nil { return .file(LCFile(json: object)) }
            let hasFields = object.keys.contains { !["__type", "className", "objectId"].contains($0) }
            if hasFields { return .object(LCObject(className: className, serverData: object)) }
            return .pointer(LCPointer(className: className, objectId: objectId))
        default: return nil
        }
    }

    /// The JSON form (the write form for files and objects: a File `id` and a Pointer).
    public var json: JSON {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return .number(value)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(\.json))
        case .dictionary(let object): return .object(object)
        case .date(let date): return date.lcJSON
        case .bytes(let data): return data.lcJSON
        case .pointer(let pointer): return pointer.json
        case .relation(let relation): return [LCWireKey.type: "Relation", LCWireKey.className: .string(relation.className)]
        case .file(let file): return file.lcJSON
        case .geoPoint(let point): return point.json
        case .object(let object): return object.lcJSON
        }
    }
}

// MARK: - LCRelation

/// The read form of a relation field, `{"__type":"Relation","className":…}`: members are
/// added and removed with `LCOperation.addRelation` / `.removeRelation` and listed with
/// `LCQuery.relatedTo(_:key:)`.
public struct LCRelation: Sendable, Hashable, Codable {
    /// The class of the members.
    public var className: String

    public init(className: String) {
        self.className = className
    }

    private enum CodingKeys: String, CodingKey { case type = "__type", className }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        className = try container.decode(String.self, forKey: .className)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("Relation", forKey: .type)
        try container.encode(className, forKey: .className)
    }
}
