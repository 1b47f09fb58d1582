import Foundation
import LCWire

/// Converts typed models to and from their field JSON, applying `fieldNames` to top-level keys
/// and the LeanCloud encodings of dates and bytes.
enum LCModelCoder {
    static func encode<Model: LCModel>(_ model: Model) throws -> JSONObject {
        let encoder = JSONEncoder()
        // Deterministic bodies; `__type` sorts before every lowercase key, so it comes first.
        encoder.outputFormatting = [.sortedKeys]
        let names = Model.fieldNames
        encoder.keyEncodingStrategy = .custom { path in
            let key = path[path.count - 1]
            guard path.count == 1, let field = names[key.stringValue] else { return key }
            return LCAnyKey(field)
        }
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.container(keyedBy: LCAnyKey.self)
            try container.encode("Date", forKey: LCAnyKey("__type"))
            try container.encode(LCDate(date).iso, forKey: LCAnyKey("iso"))
        }
        encoder.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.container(keyedBy: LCAnyKey.self)
            try container.encode("Bytes", forKey: LCAnyKey("__type"))
            try container.encode(data.base64EncodedString(), forKey: LCAnyKey("base64"))
        }
        let json = try JSONParser.parse([UInt8](try encoder.encode(model)))
        guard let object = json.objectValue else {
            throw LCError(code: .invalidResponse, message: "\(Model.self) does not encode to a JSON object.")
        }
        return object
    }

    static func decode<Model: LCModel>(_ type: Model.Type, from fields: JSONObject) throws -> Model {
        let decoder = JSONDecoder()
        let properties = Dictionary(Model.fieldNames.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        decoder.keyDecodingStrategy = .custom { path in
            let key = path[path.count - 1]
            guard path.count == 1, let property = properties[key.stringValue] else { return key }
            return LCAnyKey(property)
        }
        decoder.dateDecodingStrategy = .custom { decoder in
            if let text = try? decoder.singleValueContainer().decode(String.self), let date = LCDate(iso: text) {
                return date.date
            }
            let container = try decoder.container(keyedBy: LCAnyKey.self)
            let text = try container.decode(String.self, forKey: LCAnyKey("iso"))
            guard let date = LCDate(iso: text) else {
                throw DecodingError.dataCorruptedError(forKey: LCAnyKey("iso"), in: container, debugDescription: "Bad date \(text)")
            }
            return date.date
        }
        decoder.dataDecodingStrategy = .custom { decoder in
            let container = try decoder.container(keyedBy: LCAnyKey.self)
            let text = try container.decode(String.self, forKey: LCAnyKey("base64"))
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(forKey: LCAnyKey("base64"), in: container, debugDescription: "Bad base64")
            }
            return data
        }
        do {
            return try decoder.decode(type, from: Data(JSON.object(fields).serialized()))
        } catch {
            throw LCError(code: .invalidResponse, message: "Cannot decode \(Model.self): \(error)", httpStatus: nil, underlyingError: error)
        }
    }
}

/// A coding key with any name.
struct LCAnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

// MARK: - Wire types as Codable fields of typed models

/// Pointers in typed models: `{"__type":"Pointer","className","objectId"}`; an included pointer
/// (which carries the object's fields too) decodes to its pointer.
extension LCPointer: Codable {
    private enum CodingKeys: String, CodingKey { case type = "__type", className, objectId }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(className: try container.decode(String.self, forKey: .className),
                  objectId: try container.decode(String.self, forKey: .objectId))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("Pointer", forKey: .type)
        try container.encode(className, forKey: .className)
        try container.encode(objectId, forKey: .objectId)
    }
}

/// GeoPoints in typed models: `{"__type":"GeoPoint","latitude","longitude"}`.
extension LCGeoPoint: Codable {
    private enum CodingKeys: String, CodingKey { case type = "__type", latitude, longitude }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        guard let point = LCGeoPoint(latitude: latitude, longitude: longitude) else {
            throw DecodingError.dataCorruptedError(forKey: .latitude, in: container, debugDescription: "GeoPoint out of range")
        }
        self = point
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("GeoPoint", forKey: .type)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
