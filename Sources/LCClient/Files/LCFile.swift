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
