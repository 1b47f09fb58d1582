import LCWire

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
