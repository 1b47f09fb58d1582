import EmuData
import EmuRouting
import LCWire

/// What a client says about a new file in a `/1.1/fileTokens` or `/1.1/files` body: name, MIME
/// type, `metaData`, `ACL` and any custom fields (the Swift SDK sends the file's whole dictionary).
struct FileDraft {
    var name: String?
    var mimeType: String?
    var metaData: JSONObject
    var acl: JSONObject?
    /// Custom fields with valid names, stored as given.
    var custom: JSONObject

    /// Body keys that are the file's own or the protocol's, never copied as custom fields.
    static let reservedKeys: Set<String> = [
        "objectId", "createdAt", "updatedAt", "ACL", "name", "mime_type", "metaData", "url", "key", "provider",
        "bucket", "token", "upload_url", "keep_file_name", "base64", "size",
    ]

    init(body: JSONObject) throws {
        name = try Self.optionalString(body["name"], "\"name\" is not a string")
        mimeType = try Self.optionalString(body["mime_type"], "\"mime_type\" is not a string")
        switch body["metaData"] {
        case nil, .null?: metaData = JSONObject()
        case .object(let given)?: metaData = given
        default: throw APIError(.malformedFile("\"metaData\" is not an object"))
        }
        switch body[LCFieldName.acl] {
        case nil, .null?: acl = nil
        case let given?: acl = try ACLValidator.validated(given)
        }
        custom = JSONObject()
        for member in body where !Self.reservedKeys.contains(member.key) && LCNames.isValidFieldName(member.key) {
            custom[member.key] = member.value
        }
    }

    private static func optionalString(_ value: JSON?, _ reason: String) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let string)?: return string
        default: throw APIError(.malformedFile(reason))
        }
    }

    /// The `_File` object: the standard fields in the order of the read form (spec §2.7), then
    /// the custom ones. `metaData` gets `owner: "unknown"` when absent, as the SDKs send it.
    func record(objectId: String, now: LCDate, name: String, url: String, mimeType: String,
                storage: (key: String, size: Int?)?, metaExtras: JSONObject = JSONObject()) -> ObjectRecord {
        var meta = metaData
        if meta["owner"] == nil { meta["owner"] = "unknown" }
        for member in metaExtras { meta[member.key] = member.value }
        var fields: JSONObject = ["name": .string(name), "url": .string(url), "mime_type": .string(mimeType)]
        if let storage {
            fields["key"] = .string(storage.key)
            fields["provider"] = .string(FileRoutes.provider)
            fields["bucket"] = .string(FileRoutes.bucket)
            if let size = storage.size { meta["size"] = .number(Double(size)) }
        }
        fields["metaData"] = .object(meta)
        for member in custom { fields[member.key] = member.value }
        return ObjectRecord(className: LCClassName.file, objectId: objectId, createdAt: now, updatedAt: now,
                            acl: acl, fields: fields)
    }
}
