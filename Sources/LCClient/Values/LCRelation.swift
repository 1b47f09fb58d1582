import LCWire

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
